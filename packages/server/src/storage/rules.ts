// What per-user app storage accepts: key names, value size and the number of keys per user and app.
import { DEFAULT_MAX_NESTING } from '@miniapps/schema';

/** A key: 1 to 64 of letters, digits, `_`, `.` and `-`. */
const KEY = /^[A-Za-z0-9_.-]{1,64}$/;
/** Largest value: the UTF-8 bytes of its JSON text. */
export const MAX_VALUE_BYTES = 4096;
/** Deepest value: as deep as a screen may nest (levels of JSON objects and arrays, the value itself is 1). */
export const MAX_VALUE_NESTING = DEFAULT_MAX_NESTING;
/** Most keys one user may keep in one app. */
export const MAX_KEYS = 100;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** The JSON text stored for a value and its size in UTF-8 bytes. */
export function storedValue(value: unknown): { text: string; bytes: number } {
  const text = JSON.stringify(value);
  return { text, bytes: Buffer.byteLength(text) };
}
