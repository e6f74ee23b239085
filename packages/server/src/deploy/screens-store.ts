// The screens table: rows of the head and the live version of each hosted app, and nothing older.
import type { Executor } from '../db/database.js';
import type { CheckedScreen } from './screens-check.js';

export async function writeScreens(
  db: Executor,
  appId: string,
  version: number,
  screens: readonly CheckedScreen[],
): Promise<void> {
  await db
    .insertInto('screens')
    .values(
      screens.map((screen) => ({
        appId,
        version,
        path: screen.path,
        title: screen.title,
        json: screen.jsonText,
      })),
    )
    .execute();
}

/**
 * Drops the rows of every version that is neither the head nor the live one. Readers rely on it: users
 * read `version = live_version`, previews `version = version`, and both stay whole.
 */
export async function pruneScreens(
  db: Executor,
  appId: string,
  headVersion: number,
  liveVersion: number | null,
): Promise<void> {
  let query = db.deleteFrom('screens').where('appId', '=', appId).where('version', '<>', headVersion);
  if (liveVersion !== null) query = query.where('version', '<>', liveVersion);
  await query.execute();
}

export interface StoredScreen {
  path: string;
  title: string | null;
  json: string;
}

export async function screensOfVersion(
  db: Executor,
  appId: string,
  version: number,
): Promise<StoredScreen[]> {
  return db
    .selectFrom('screens')
    .select(['path', 'title', 'json'])
    .where('appId', '=', appId)
    .where('version', '=', version)
    .orderBy('path')
    .execute();
}
