// The proxy's `storage` routes: one user's keys in one app, read, written and removed as JSON.
import { MAX_STORAGE_KEYS, MAX_STORAGE_VALUE_BYTES } from '@miniapps/contract';
import type { Db } from '../db/database.js';
import { AppError, methodNotAllowed } from '../errors.js';
import { inputRefusal } from '../http/input-guard.js';
import { inputFault } from '../http/text-rules.js';
import { isStorageKey, MAX_VALUE_NESTING, storedValue } from './rules.js';
import { getStorage, listStorage, putStorage, removeStorage, type StorageOwner } from './store.js';

/** The methods of `storage/{key}`; `storage` alone is GET only. */
export const STORAGE_METHODS = ['GET', 'PUT', 'DELETE'] as const;

export interface StorageRequest {
  method: string;
  /** The raw path after `storage`: `/` for every key, `/{key}` for one. */
  rawPath: string;
  body: Buffer | undefined;
}

/** Answers one storage request of the user in the app (access was checked as for a screen). */
export async function storageAnswer(
  db: Db,
  owner: StorageOwner,
  req: StorageRequest,
): Promise<{ status: number; body: string }> {
  if (req.rawPath === '/') {
    // The root only lists keys: GET, where one key also takes PUT and DELETE.
    if (req.method !== 'GET') throw methodNotAllowed(req.method, 'GET');
    return ok({ values: await listStorage(db, owner) });
  }
  // Allowed keys need no percent-decoding: anything encoded is outside the pattern.
  const key = req.rawPath.slice(1);
  if (!isStorageKey(key)) throw new AppError('bad_key', { key: 'storage.bad_key' }, { key });
  if (req.method === 'GET') {
    const value = await getStorage(db, owner, key);
    if (value === undefined) throw new AppError('not_found', { key: 'storage.no_key' }, { key });
    return ok({ key, value });
  }
  if (req.method === 'DELETE') {
    await removeStorage(db, owner, key);
    return ok({});
  }
  const stored = storedValue(parseValue(req.body));
  if (stored.bytes > MAX_STORAGE_VALUE_BYTES) {
    throw new AppError(
      'value_too_large',
      { key: 'storage.value_too_large', values: { max: MAX_STORAGE_VALUE_BYTES } },
      { key, bytes: stored.bytes, max: MAX_STORAGE_VALUE_BYTES },
    );
  }
  if ((await putStorage(db, owner, key, stored.text)) === 'too_many_keys') {
    throw new AppError(
      'too_many_keys',
      { key: 'storage.too_many_keys', values: { max: MAX_STORAGE_KEYS } },
      { max: MAX_STORAGE_KEYS },
    );
  }
  return ok({});
}

/**
 * The PUT body: one JSON value (any type), else 400 `bad_request`; text with a NUL or a lone surrogate is
 * 400 too, and a value nested deeper than a screen may be is 422 `validation_failed` (JSON.stringify of
 * 10,000 levels overflowed the stack and answered 500).
 */
function parseValue(body: Buffer | undefined): unknown {
  let value: unknown;
  try {
    if (body === undefined) throw new Error('empty');
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('bad_request', { key: 'storage.bad_value' });
  }
  const fault = inputFault(value, MAX_VALUE_NESTING);
  if (fault?.problem === 'too_deep') {
    throw new AppError(
      'validation_failed',
      { key: 'storage.value_too_deep', values: { max: MAX_VALUE_NESTING } },
      [{ in: 'body', pointer: fault.pointer, problem: fault.problem, max: MAX_VALUE_NESTING }],
    );
  }
  if (fault) throw inputRefusal('body', fault, MAX_VALUE_NESTING);
  return value;
}

function ok(fields: object): { status: number; body: string } {
  return { status: 200, body: JSON.stringify({ ok: true, ...fields }) };
}
