// Whether bytes are one JSON text (RFC 8259, UTF-8), checked without building the value.
import { isUtf8 } from 'node:buffer';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** What a JSON text holds at its top level, or `invalid`. */
export type JsonShape = 'object' | 'array' | 'scalar' | 'invalid';

/**
 * The proxy must refuse an origin answer that is not JSON but has no use for the value: JSON.parse
 * of a 1.3 KB answer was the largest share of the proxy's own CPU (bench/RESULTS.md). This walks
 * the bytes once with an explicit stack (any depth, no recursion) and builds nothing. It is the
 * grammar of RFC 8259 byte for byte: whitespace is space, tab, LF and CR only; strings hold no raw
 * control character and only the escapes `\" \\ \/ \b \f \n \r \t \uXXXX`; numbers have no leading
 * zero, `+`, bare `.` or `Infinity`; and the bytes must be UTF-8 (JSON.parse of a decoded string would take
 * invalid sequences as U+FFFD).
 * test/json-text.test.ts holds it to JSON.parse on a corpus and on random mutations.
 */
export function jsonShape(bytes: Uint8Array): JsonShape {
  if (!isUtf8(bytes)) return 'invalid';
  const end = bytes.length;
  // 1 = inside an array, 2 = inside an object.
  const stack: number[] = [];
  let i = skipSpace(bytes, 0, end);
  const first = bytes[i];
  const shape: JsonShape = first === OPEN_OBJECT ? 'object' : first === OPEN_ARRAY ? 'array' : 'scalar';

  value: for (;;) {
    if (i >= end) return 'invalid';
    const c = bytes[i]!;
    if (c === OPEN_OBJECT) {
      i = skipSpace(bytes, i + 1, end);
      if (bytes[i] === CLOSE_OBJECT) {
        i++;
      } else {
        stack.push(2);
        i = member(bytes, i, end);
        if (i < 0) return 'invalid';
        continue;
      }
    } else if (c === OPEN_ARRAY) {
      i = skipSpace(bytes, i + 1, end);
      if (bytes[i] === CLOSE_ARRAY) {
        i++;
      } else {
        stack.push(1);
        continue;
      }
    } else if (c === QUOTE) {
      i = string(bytes, i, end);
    } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
      i = number(bytes, i, end);
    } else if (c === 0x74) {
      i = literal(bytes, i, end, TRUE);
    } else if (c === 0x66) {
      i = literal(bytes, i, end, FALSE);
    } else if (c === 0x6e) {
      i = literal(bytes, i, end, NULL);
    } else {
      return 'invalid';
    }
    if (i < 0) return 'invalid';

    // After a value: close containers, or a comma and the next element or member.
    for (;;) {
      i = skipSpace(bytes, i, end);
      const depth = stack.length;
      if (depth === 0) return i === end ? shape : 'invalid';
      const inside = stack[depth - 1];
      const next = bytes[i];
      if (next === COMMA) {
        i = skipSpace(bytes, i + 1, end);
        if (inside === 2) {
          i = member(bytes, i, end);
          if (i < 0) return 'invalid';
        }
        continue value;
      }
      if (next === (inside === 1 ? CLOSE_ARRAY : CLOSE_OBJECT)) {
        stack.pop();
        i++;
        continue;
      }
      return 'invalid';
    }
  }
}

/** A member's key and colon, from the key's quote; the index of its value (after spaces), or -1. */
function member(bytes: Uint8Array, start: number, end: number): number {
  if (bytes[start] !== QUOTE) return -1;
  let i = string(bytes, start, end);
  if (i < 0) return -1;
  i = skipSpace(bytes, i, end);
  if (bytes[i] !== COLON) return -1;
  return skipSpace(bytes, i + 1, end);
}

function skipSpace(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end) {
    const c = bytes[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

/** From the opening quote; the index after the closing one, or -1. */
function string(bytes: Uint8Array, start: number, end: number): number {
  let i = start + 1;
  while (i < end) {
    const c = bytes[i]!;
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -1;
    if (c === BACKSLASH) {
      const e = bytes[i + 1];
      if (e === 0x75) {
        if (!isHex(bytes[i + 2]) || !isHex(bytes[i + 3]) || !isHex(bytes[i + 4]) || !isHex(bytes[i + 5])) {
          return -1;
        }
        i += 6;
        continue;
      }
      if (
        e !== QUOTE &&
        e !== BACKSLASH &&
        e !== 0x2f &&
        e !== 0x62 &&
        e !== 0x66 &&
        e !== 0x6e &&
        e !== 0x72 &&
        e !== 0x74
      ) {
        return -1;
      }
      i += 2;
      continue;
    }
    i++;
  }
  return -1;
}

function isHex(c: number | undefined): boolean {
  return (
    c !== undefined && ((c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66))
  );
}

function digits(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end && bytes[i]! >= ZERO && bytes[i]! <= NINE) i++;
  return i;
}

/** `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; the index after it, or -1. */
function number(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  if (bytes[i] === MINUS) i++;
  if (bytes[i] === ZERO) {
    i++;
  } else {
    const after = digits(bytes, i, end);
    if (after === i) return -1;
    i = after;
  }
  if (bytes[i] === DOT) {
    const after = digits(bytes, i + 1, end);
    if (after === i + 1) return -1;
    i = after;
  }
  if (bytes[i] === 0x65 || bytes[i] === 0x45) {
    i++;
    if (bytes[i] === PLUS || bytes[i] === MINUS) i++;
    const after = digits(bytes, i, end);
    if (after === i) return -1;
    i = after;
  }
  return i;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

function literal(bytes: Uint8Array, start: number, end: number, word: readonly number[]): number {
  if (start + word.length > end) return -1;
  for (let k = 0; k < word.length; k++) if (bytes[start + k] !== word[k]) return -1;
  return start + word.length;
}
