// How deep a parsed JSON value nests, measured without recursion, so hostile depth is found before anything recurses.

/**
 * Levels of JSON objects and arrays a screen may nest. The widget cap (64 widgets and actions) is about
 * 130 levels of JSON (an object and its `children` list per widget); this leaves room for `data` fields
 * while staying far below what recursive code (JSON.stringify, the walker) survives on a default stack.
 */
export const DEFAULT_MAX_NESTING = 256;

type Token = string | number;

interface Frame {
  value: object;
  depth: number;
  token: Token | undefined;
  parent: Frame | undefined;
}

/**
 * The path to the first object or array (in document order) that sits deeper than `maxDepth` levels
 * (the root, when it is an object or array, is level 1); undefined when the value nests no deeper.
 * It walks with an explicit stack, so any depth is measured safely.
 */
export function nestedBeyond(root: unknown, maxDepth: number): Token[] | undefined {
  if (root === null || typeof root !== 'object') return undefined;
  const stack: Frame[] = [{ value: root, depth: 1, token: undefined, parent: undefined }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (frame.depth > maxDepth) return pathOf(frame);
    const depth = frame.depth + 1;
    // Children go on the stack last-first, so the first one found is the first in the document.
    if (Array.isArray(frame.value)) {
      for (let index = frame.value.length - 1; index >= 0; index--) {
        const child: unknown = frame.value[index];
        if (child !== null && typeof child === 'object')
          stack.push({ value: child, depth, token: index, parent: frame });
      }
    } else {
      const record = frame.value as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        const child = record[key];
        if (child !== null && typeof child === 'object')
          stack.push({ value: child, depth, token: key, parent: frame });
      }
    }
  }
  return undefined;
}

function pathOf(frame: Frame): Token[] {
  const tokens: Token[] = [];
  for (let at: Frame | undefined = frame; at?.token !== undefined; at = at.parent) tokens.push(at.token);
  return tokens.reverse();
}
