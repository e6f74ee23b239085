// The hosted_files table: datasets and strings of the head and the live version of each hosted app, nothing older.
import type { Executor } from '../db/database.js';
import type { HostedFileKind } from '../db/schema.js';
import type { CheckedFile } from './hosted-files.js';

export async function writeFiles(
  db: Executor,
  appId: string,
  version: number,
  files: readonly CheckedFile[],
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('hostedFiles')
    .values(
      files.map((file, index) => ({
        appId,
        version,
        kind: file.kind,
        name: file.name,
        json: file.text,
        bytes: file.bytes,
        position: index,
      })),
    )
    .execute();
}

/** Drops the files of every version that is neither the head nor the live one (as pruneScreens). */
export async function pruneFiles(
  db: Executor,
  appId: string,
  headVersion: number,
  liveVersion: number | null,
): Promise<void> {
  let query = db.deleteFrom('hostedFiles').where('appId', '=', appId).where('version', '<>', headVersion);
  if (liveVersion !== null) query = query.where('version', '<>', liveVersion);
  await query.execute();
}

/** One file's JSON text at a version, or undefined. */
export async function fileText(
  db: Executor,
  where: { appId: string; version: number; kind: HostedFileKind; name: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('hostedFiles')
    .select('json')
    .where('appId', '=', where.appId)
    .where('version', '=', where.version)
    .where('kind', '=', where.kind)
    .where('name', '=', where.name)
    .executeTakeFirst();
  return row?.json;
}

/** The names of one kind of file at a version, in the deploy's order (strings: the first is the default). */
export async function fileNames(
  db: Executor,
  where: { appId: string; version: number; kind: HostedFileKind },
): Promise<string[]> {
  const rows = await db
    .selectFrom('hostedFiles')
    .select('name')
    .where('appId', '=', where.appId)
    .where('version', '=', where.version)
    .where('kind', '=', where.kind)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.name);
}
