// Where each JSON Pointer of a JSON text lies in that text, so a finding about `/children/0/type` marks its characters.
import { appendPointer } from '@miniapps/schema';

/** A span of the text: `from` inclusive, `to` exclusive (UTF-16 offsets, as the editor counts). */
export interface TextRange {
  from: number;
  to: number;
}

/**
 * Every value's range by its pointer (the root is ''); a member's key range too, by its pointer with `key` set.
 * Only for text JSON.parse accepts: a broken text gives an empty map (the editor's syntax marks say where it breaks).
 */
export interface PointerRanges {
  values: Map<string, TextRange>;
  keys: Map<string, TextRange>;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

export function pointerRanges(text: string): PointerRanges {
  const ranges: PointerRanges = { values: new Map(), keys: new Map() };
  let at = 0;
  const skip = () => {
    while (at < text.length && WHITESPACE.has(text[at]!)) at++;
  };
  const fail = (): never => {
    throw new SyntaxError(`unexpected text at ${at}`);
  };
  // A string's end (past the closing quote) and its value, escapes decoded by JSON.parse of the slice.
  const readString = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail();
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  // Iterative, so a hostile depth cannot overflow the stack: each frame is an open object or array.
  type Frame = { pointer: string; start: number; array: boolean; index: number };
  const stack: Frame[] = [];
  const readValue = (pointer: string) => {
    skip();
    const start = at;
    const c = text[at];
    if (c === '{' || c === '[') {
      at++;
      stack.push({ pointer, start, array: c === '[', index: 0 });
      return;
    }
    if (c === '"') readString();
    else {
      while (at < text.length && /[-+0-9.eEa-z]/.test(text[at]!)) at++;
      if (at === start) fail();
    }
    ranges.values.set(pointer, { from: start, to: at });
  };
  // The next member of the innermost open container, or its end.
  const next = () => {
    const frame = stack[stack.length - 1]!;
    skip();
    const close = frame.array ? ']' : '}';
    if (text[at] === close) {
      at++;
      stack.pop();
      ranges.values.set(frame.pointer, { from: frame.start, to: at });
      return;
    }
    if (frame.index > 0) {
      if (text[at] !== ',') fail();
      at++;
      skip();
    }
    if (frame.array) {
      readValue(appendPointer(frame.pointer, frame.index++));
      return;
    }
    if (text[at] !== '"') fail();
    const keyStart = at;
    const pointer = appendPointer(frame.pointer, readString());
    ranges.keys.set(pointer, { from: keyStart, to: at });
    skip();
    if (text[at] !== ':') fail();
    at++;
    frame.index++;
    readValue(pointer);
  };
  try {
    readValue('');
    while (stack.length > 0) next();
  } catch {
    return { values: new Map(), keys: new Map() };
  }
  return ranges;
}

/**
 * The range a finding at `pointer` marks: its value's, else (a missing field) the nearest enclosing value's
 * opening character, so the mark sits on the object that lacks it rather than over the whole object.
 */
export function rangeOfPointer(ranges: PointerRanges, pointer: string): TextRange | undefined {
  const exact = ranges.values.get(pointer);
  if (exact) return exact;
  let parent = pointer;
  while (parent !== '') {
    parent = parent.slice(0, parent.lastIndexOf('/'));
    const found = ranges.values.get(parent);
    if (found) return { from: found.from, to: found.from + 1 };
  }
  return undefined;
}
