// What text and nesting request input may hold: no NUL, no lone UTF-16 surrogate, no JSON deeper than a limit.
import { appendPointer } from '@miniapps/schema';

/**
 * PostgreSQL refuses NUL in text (and answered 500), and a lone surrogate has no UTF-8 form: neither is
 * text a person typed, so both are refused at the door, wherever they stand.
 */
export function isBadText(text: string): boolean {
  return text.includes('\u0000') || !(text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** Why a value was refused, and the JSON pointer (RFC 6901) of the place. */
export interface InputFault {
  problem: 'bad_text' | 'too_deep';
  pointer: string;
}

interface Frame {
  value: unknown;
  /** The key or index under the parent; undefined for the root. */
  token: string | number | undefined;
  parent: Frame | undefined;
  depth: number;
}

/**
 * The first string (or key) with a NUL or a lone surrogate, or the first object or array nested deeper than
 * `maxDepth` levels (the root object is level 1; Infinity checks text only), in document order. It walks with
 * an explicit stack (a 10,000-deep body overflowed recursive code before it was ever looked at), and makes
 * a pointer only for the fault it finds.
 */
export function inputFault(root: unknown, maxDepth: number): InputFault | undefined {
  const stack: Frame[] = [{ value: root, token: undefined, parent: undefined, depth: 1 }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const { value, depth } = frame;
    if (typeof value === 'string') {
      if (isBadText(value)) return { problem: 'bad_text', pointer: pointerOf(frame) };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > maxDepth) return { problem: 'too_deep', pointer: pointerOf(frame) };
    // Children go on the stack last-first, so the first fault found is the first in the document.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], token: index, parent: frame, depth: depth + 1 });
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      const child: Frame = { value: record[key], token: key, parent: frame, depth: depth + 1 };
      // A bad key is a fault of its own, whatever its value holds.
      stack.push(isBadText(key) ? { ...child, value: '\u0000' } : child);
    }
  }
  return undefined;
}

function pointerOf(frame: Frame): string {
  const tokens: Array<string | number> = [];
  for (let at: Frame | undefined = frame; at?.token !== undefined; at = at.parent) tokens.push(at.token);
  return tokens.reverse().reduce<string>(appendPointer, '');
}
