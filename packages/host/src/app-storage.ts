// Per-user storage of an app through the platform's proxy (`…/storage/{key}`): what storageSet and ${storage.…} use.
import { isDotSegment, STORAGE_KEY_PATTERN } from '@miniapps/contract';
import type { AppSessions } from './app-session.js';
import { errorOfAnswer, HostError, withMessage } from './errors.js';
import { proxyPath } from './paths.js';
import type { AppRef, JsonValue } from './types.js';

// The platform's rule for storage keys (the contract's) is checked here too, so a bad key never leaves the device.
export { STORAGE_KEY_PATTERN };

/** Why a storage key cannot be used: `bad_key` for the pattern, `bad_path` for `.`/`..` (a key is a path segment). */
export function storageKeyProblem(key: string): 'bad_key' | 'bad_path' | undefined {
  if (!STORAGE_KEY_PATTERN.test(key)) return 'bad_key';
  return isDotSegment(key) ? 'bad_path' : undefined;
}

function storagePath(ref: AppRef, key?: string): string {
  if (key !== undefined && storageKeyProblem(key) === 'bad_key') {
    throw new HostError('bad_argument', `"${key}" is not a storage key: 1 to 64 of A-Z a-z 0-9 _ . -`);
  }
  // One segment under the storage route; proxyPath refuses `.` and `..` as `bad_path`.
  return proxyPath(ref, 'storage', key === undefined ? '' : `/${key}`);
}

function isRecord(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every key of an answer to `GET …/storage`: its `values` object, or the answer without its `ok`. */
function valuesOf(body: unknown): Record<string, JsonValue> {
  if (!isRecord(body)) return {};
  if (isRecord(body.values)) return body.values;
  const { ok: _ok, ...rest } = body;
  return rest;
}

/** The storage calls carry the app's session token (app-session.ts), never the user's. */
export function createAppStorage(sessions: AppSessions) {
  async function send(app: AppRef, method: 'GET' | 'PUT' | 'DELETE', path: string, body?: JsonValue) {
    const answer = await sessions.raw(app, false, method, path, { body });
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    const error = errorOfAnswer(answer);
    throw withMessage(error, `The app's storage: ${error.message}`);
  }
  return {
    /** Every key and value the signed-in user keeps for the app. */
    all: async (app: AppRef) => valuesOf(await send(app, 'GET', storagePath(app))),
    /** Stores any JSON (up to 4 KB) under a key; 100 keys per user and app. */
    set: async (app: AppRef, key: string, value: JsonValue) => {
      await send(app, 'PUT', storagePath(app, key), value);
    },
    remove: async (app: AppRef, key: string) => {
      await send(app, 'DELETE', storagePath(app, key));
    },
  };
}
