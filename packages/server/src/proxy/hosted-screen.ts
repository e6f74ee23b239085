// Hosted apps through the proxy: screens come from the store at the version in use; there is no API backend.
import type { Executor } from '../db/database.js';
import { AppError } from '../errors.js';

/** The stored screen JSON at `path` of the app's version in use, or 404 `not_found`. */
export async function hostedScreen(db: Executor, appId: string, version: number | null, rawPath: string) {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new AppError('bad_path', { key: 'proxy.bad_percent' });
  }
  const row =
    version === null
      ? undefined
      : await db
          .selectFrom('screens')
          .select('json')
          .where('appId', '=', appId)
          .where('version', '=', version)
          .where('path', '=', path)
          .executeTakeFirst();
  if (!row) throw new AppError('not_found', { key: 'proxy.no_screen', values: { path } }, { path });
  return Buffer.from(row.json, 'utf8');
}

export function noBackend(): AppError {
  return new AppError('no_backend', { key: 'proxy.no_backend' });
}
