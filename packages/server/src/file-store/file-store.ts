// What a file store does, whichever holds the bytes (a folder under DATA_DIR, or S3): put, get, delete, list.
import { randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';

/** A stored file as a listing names it: its key and when it was written (ms since the epoch). */
export interface StoredKey {
  key: string;
  modifiedAt: number;
}

export interface FileStore {
  /** `disk` or `s3`, for logs and tests. */
  readonly kind: 'disk' | 's3';
  /**
   * Stores exactly `bytes` bytes of `body` under `key`, whole or not at all: a body shorter or longer than
   * `bytes`, or a failed write, rejects and leaves nothing under the key.
   */
  put(key: string, body: Readable, meta: { type: string; bytes: number }): Promise<void>;
  /** The file's bytes; undefined when there is none under `key`. */
  get(key: string): Promise<Readable | undefined>;
  /** Deletes the files under `keys`; a missing one is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key under `prefix` (a key's first segment, e.g. `responses`), in no particular order. */
  list(prefix: string): AsyncIterable<StoredKey>;
}

/**
 * A key is made here, never from what a user sent: segments of letters, digits, `_` and `-` only, so no key can
 * name a path outside the store's folder or another prefix.
 */
export const FILE_KEY = /^[a-z]+(?:\/[A-Za-z0-9_-]{1,64}){1,3}$/;

/** A new key under `prefix`, one folder per owner (an app's id) so a listing or a look by hand stays readable. */
export function newFileKey(prefix: 'responses', owner: string): string {
  const key = `${prefix}/${owner}/${randomUUID()}`;
  if (!FILE_KEY.test(key)) throw new Error(`not a file key: ${key}`);
  return key;
}

export function checkKey(key: string): string {
  if (!FILE_KEY.test(key)) throw new Error('not a file key');
  return key;
}

/**
 * `body` passed through unchanged while it holds exactly `bytes` bytes: one byte more, or an end short of them,
 * errs, as does `body` itself failing (so a store never keeps a file of another length than declared).
 */
export function exactly(body: Readable, bytes: number): Transform {
  let seen = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > bytes ? new Error(`more than the ${bytes} bytes declared`) : null, chunk);
    },
    flush(done) {
      done(seen < bytes ? new Error(`${seen} bytes of the ${bytes} declared`) : null);
    },
  });
  body.on('error', (error) => checked.destroy(error));
  return body.pipe(checked);
}
