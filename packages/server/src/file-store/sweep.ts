// Removes the stored files no row references: what a crash left between writing a file and keeping its row, or
// between deleting rows and deleting their bytes. Only files older than a grace period, so a response being
// submitted (its files written, its row not yet) is never touched.
import type { Db } from '../db/database.js';
import { PARTIAL_PREFIX } from './disk-store.js';
import type { FileStore } from './file-store.js';

/** Far longer than any submit takes between its files' writes and its row's insert. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/** Deletes every file under `responses` (and half-written ones) older than `before` that no row names; returns how many. */
export async function sweepUnreferencedFiles(db: Db, store: FileStore, before: number): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const referenced = await db.selectFrom('responseFiles').select('key').where('key', 'in', batch).execute();
    const kept = new Set(referenced.map((row) => row.key));
    const gone = batch.filter((key) => !kept.has(key));
    await store.delete(gone);
    removed += gone.length;
    batch = [];
  };
  for (const prefix of ['responses', PARTIAL_PREFIX]) {
    for await (const { key, modifiedAt } of store.list(prefix)) {
      if (modifiedAt >= before) continue;
      batch.push(key);
      if (batch.length >= BATCH) await flush();
    }
  }
  if (batch.length > 0) await flush();
  return removed;
}
