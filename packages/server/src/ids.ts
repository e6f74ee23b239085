// Identifiers and timestamps made in one place.
import { randomBytes, randomUUID } from 'node:crypto';

export function newUuid(): string {
  return randomUUID();
}

/** A prefixed, url-safe random id such as `tok_3k9f...`; the prefix tells what it names. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

export function nowIso(at: Date = new Date()): string {
  return at.toISOString();
}
