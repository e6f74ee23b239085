// What per-user app storage accepts: key names, value size and the number of keys per user and app (the contract's limits).
import { STORAGE_KEY_PATTERN } from '@miniapps/contract';
import { DEFAULT_MAX_NESTING } from '@miniapps/schema';

/** Deepest value: as deep as a screen may nest (levels of JSON objects and arrays, the value itself is 1). */
export const MAX_VALUE_NESTING = DEFAULT_MAX_NESTING;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}

/** The JSON text stored for a value and its size in UTF-8 bytes. */
export function storedValue(value: unknown): { text: string; bytes: number } {
  const text = JSON.stringify(value);
  return { text, bytes: Buffer.byteLength(text) };
}
