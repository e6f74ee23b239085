// `${path}` bindings: the one parser the validator and every renderer share. Paths only, nothing is evaluated.

/**
 * Where a path may start. `t` is the app's strings in the user's language (strings.ts); `host` is what the device
 * can do (`host.capabilities.scanCode`, host-capabilities.ts).
 */
export const BINDING_ROOTS = [
  'state',
  'params',
  'launch',
  'item',
  'index',
  'result',
  'error',
  'storage',
  'form',
  't',
  'host',
  'responses',
] as const;
export type BindingRoot = (typeof BINDING_ROOTS)[number];

const rootSet: ReadonlySet<string> = new Set(BINDING_ROOTS);

/**
 * A parsed path: its root, then names, list indices and bracketed paths whose value is the key.
 * `state.rows[2].title` is ['state','rows',2,'title']; `state.byDay[state.day]` is ['state','byDay',['state','day']].
 */
export type BindingPath = readonly [BindingRoot, ...PathStep[]];
export type PathStep = string | number | BindingPath;

/** A string field once parsed: literal text and paths in order; `whole` when the text is one binding alone. */
export interface Template {
  parts: readonly (string | BindingPath)[];
  whole: BindingPath | undefined;
}

export interface BindingFault {
  /**
   * `malformed`: broken `${…}` syntax; `unknown_root`: a path that starts nowhere known; `not_single_binding`:
   * well formed, but a field that takes one binding alone holds text or several.
   */
  code: 'malformed' | 'unknown_root' | 'not_single_binding';
  message: string;
}

const NAME = /^[A-Za-z0-9_-]+$/;

/** Whether a string holds anything that looks like a binding (the cheap test before parsing). */
export function hasBinding(text: string): boolean {
  return text.includes('${');
}

/** Parses `state.rows[2].title` or `state.byDay[state.day]` (no `${}`); a fault says what is wrong. */
export function parsePath(source: string, nested = false): BindingPath | BindingFault {
  const steps: PathStep[] = [];
  let rest = source.trim();
  if (rest === '') return { code: 'malformed', message: 'an empty binding "${}"' };
  while (rest.length > 0) {
    if (rest.startsWith('[')) {
      const close = rest.indexOf(']');
      const inner = close < 0 ? '' : rest.slice(1, close);
      if (steps.length === 0 || inner === '') {
        return {
          code: 'malformed',
          message: `"${source}": an index is a whole number or a path in brackets`,
        };
      }
      if (/^\d{1,9}$/.test(inner)) steps.push(Number(inner));
      else {
        // One level only: a key looked up by a path, never a path inside that.
        const key = nested || inner.includes('[') ? undefined : parsePath(inner, true);
        if (key === undefined)
          return { code: 'malformed', message: `"${source}": brackets nest one level only` };
        if (isFault(key)) return key;
        steps.push(key);
      }
      rest = rest.slice(close + 1);
      if (rest.startsWith('.')) rest = rest.slice(1);
      else if (rest.length > 0 && !rest.startsWith('[')) {
        return { code: 'malformed', message: `"${source}": expected "." or "[" after "]"` };
      }
      continue;
    }
    const end = rest.search(/[.[]/);
    const name = end < 0 ? rest : rest.slice(0, end);
    if (!NAME.test(name)) {
      return {
        code: 'malformed',
        message: `"${source}": a path is names (letters, digits, _ and -) joined by "." with [n] indices`,
      };
    }
    steps.push(name);
    rest = end < 0 ? '' : rest.slice(end);
    if (rest.startsWith('.')) {
      rest = rest.slice(1);
      if (rest === '' || rest.startsWith('.') || rest.startsWith('['))
        return { code: 'malformed', message: `"${source}": a name is missing after "."` };
    }
  }
  const root = steps[0];
  if (typeof root !== 'string' || !rootSet.has(root)) {
    return {
      code: 'unknown_root',
      message: `"${source}" starts with "${String(root)}"; a path starts with one of ${BINDING_ROOTS.join(', ')}`,
    };
  }
  return steps as unknown as BindingPath;
}

function isFault(value: BindingPath | BindingFault): value is BindingFault {
  return !Array.isArray(value);
}

/** Parses a string field: every `${path}` in it, or the first fault found. */
export function parseTemplate(text: string): Template | BindingFault {
  const parts: (string | BindingPath)[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('${', at);
    if (open < 0) {
      parts.push(text.slice(at));
      break;
    }
    if (open > at) parts.push(text.slice(at, open));
    const close = text.indexOf('}', open + 2);
    if (close < 0) return { code: 'malformed', message: `"\${" at character ${open} is never closed by "}"` };
    const inner = text.slice(open + 2, close);
    if (inner.includes('${')) return { code: 'malformed', message: `bindings cannot be nested: "${inner}"` };
    const path = parsePath(inner);
    if (isFault(path)) return path;
    parts.push(path);
    at = close + 1;
  }
  const only = parts.length === 1 ? parts[0] : undefined;
  return { parts, whole: typeof only === 'object' ? only : undefined };
}

export function isBindingFault(value: Template | BindingPath | BindingFault): value is BindingFault {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/** The path of a field that must be exactly one binding (`itemsFrom`, `visibleIf`), or a fault. */
export function parseSingleBinding(text: string): BindingPath | BindingFault {
  const template = parseTemplate(text);
  if (isBindingFault(template)) return template;
  if (!template.whole)
    return { code: 'not_single_binding', message: `must be one binding alone, as "\${state.items}"` };
  return template.whole;
}

/** A `state.…` target of setState, resultTo and bind (written without `${}`); undefined when it is not one. */
export function parseStatePath(text: string): readonly [BindingRoot, ...(string | number)[]] | undefined {
  const path = parsePath(text);
  if (isFault(path) || path[0] !== 'state' || path.length < 2 || isDynamicPath(path)) return undefined;
  return path as readonly [BindingRoot, ...(string | number)[]];
}

/**
 * The path with each bracketed path replaced by its value (read by `read`); undefined when such a value is not
 * a name or an index.
 */
export function concretePath(
  path: BindingPath,
  read: (path: BindingPath) => unknown,
): (string | number)[] | undefined {
  const steps: (string | number)[] = [];
  for (const step of path) {
    if (typeof step !== 'object') {
      steps.push(step);
      continue;
    }
    const key = read(step);
    if (typeof key === 'number' && Number.isInteger(key)) steps.push(key);
    else if (typeof key === 'string' && key !== '') steps.push(key);
    else return undefined;
  }
  return steps;
}

/** Whether a path holds a bracketed path (most do not: they are read as they are). */
export function isDynamicPath(path: BindingPath): boolean {
  return path.some((step) => typeof step === 'object');
}

/** The value at a path; undefined as soon as a step is missing (never an exception). */
export function lookupPath(root: unknown, path: readonly PathStep[], from = 0): unknown {
  let current = root;
  for (let step = from; step < path.length; step++) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = path[step];
    // A bracketed path is made concrete first (concretePath).
    if (key === undefined || typeof key === 'object') return undefined;
    if (Array.isArray(current)) {
      current = typeof key === 'number' ? current[key] : key === 'length' ? current.length : undefined;
    } else {
      current = Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
    }
  }
  return current;
}

/** A value as text inside a longer string: missing and null are empty, objects and lists their JSON. */
export function bindingText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Whether a bound value counts as "no" for visibleIf: missing, null, false, 0, "" and an empty list. */
export function isFalsy(value: unknown): boolean {
  return !value || (Array.isArray(value) && value.length === 0);
}

/** Fills a template: a whole binding keeps its value's type, text with bindings becomes a string. */
export function fillTemplate(template: Template, read: (path: BindingPath) => unknown): unknown {
  if (template.whole) return read(template.whole);
  let text = '';
  for (const part of template.parts) text += typeof part === 'string' ? part : bindingText(read(part));
  return text;
}

/** A concrete path as one dotted key (`state.rows.2.title`), how stores name what changed. */
export function pathKey(path: readonly (string | number)[]): string {
  return path.join('.');
}
