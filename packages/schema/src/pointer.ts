// RFC 6901 JSON Pointers: how every finding names the place it is about.

/** Escapes one reference token: `~` becomes `~0`, `/` becomes `~1` (in that order, as RFC 6901 §4 requires). */
export function escapeToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Appends one token to a pointer: `appendPointer('/children', 0)` is `/children/0`. */
export function appendPointer(pointer: string, token: string | number): string {
  return `${pointer}/${escapeToken(token)}`;
}

/** Resolves a pointer against a JSON value; undefined when a step does not exist. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
