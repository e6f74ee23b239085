// Hosted apps through the proxy: screens and datasets come from the store at the version in use; no other API.
import { DATASET_PATH } from '@miniapps/contract';
import type { Executor } from '../../db/database.js';
import { fileText } from '../../deploy/hosted-files-store.js';
import { AppError } from '../../errors.js';

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

/**
 * A hosted app's `api/<path>`: `GET data/<name>` answers the dataset deployed with the version in use
 * (404 `dataset_not_found` when it has none by that name); every other call is 404 `no_backend`.
 */
export async function hostedApi(
  db: Executor,
  app: { id: string; version: number | null },
  method: string,
  rawPath: string,
): Promise<Buffer> {
  // A dataset name needs no decoding (a-z 0-9 _ -), so the raw path is matched as sent.
  const name = method === 'GET' ? DATASET_PATH.exec(rawPath)?.[1] : undefined;
  if (name === undefined) throw noBackend();
  const text =
    app.version === null
      ? undefined
      : await fileText(db, { appId: app.id, version: app.version, kind: 'data', name });
  if (text === undefined) {
    const shown = name.slice(0, 64);
    throw new AppError(
      'dataset_not_found',
      { key: 'proxy.no_dataset', values: { name: shown } },
      { name: shown },
    );
  }
  return Buffer.from(text, 'utf8');
}

export function noBackend(): AppError {
  return new AppError('no_backend', { key: 'proxy.no_backend' });
}
