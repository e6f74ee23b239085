// Retention of form responses: each app keeps its responses `response_retention_days` (365 unless set), then the
// sweep deletes them (their file rows by cascade, their bytes from the file store right after).
import { DEFAULT_RESPONSE_RETENTION_DAYS } from '@miniapps/contract';
import type { Db } from '../db/database.js';
import type { FileStore } from '../file-store/file-store.js';
import { SWEEP_GRACE_MS, sweepUnreferencedFiles } from '../file-store/sweep.js';
import type { Clock } from '../infra/clock.js';
import { forgetFiles, keysOfResponses } from './response-files.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Once an hour is enough for a limit counted in days. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes every response older than its app's retention; returns how many went. Their files' bytes go from
 * `store` when given (else by the sweep of unreferenced files).
 */
export async function sweepResponses(db: Db, now: number, store?: FileStore): Promise<number> {
  const apps = await db
    .selectFrom('apps')
    .select(['id', 'responseRetentionDays'])
    .where('id', 'in', db.selectFrom('formResponses').select('appId').distinct())
    .execute();
  let deleted = 0;
  for (const app of apps) {
    const days = app.responseRetentionDays ?? DEFAULT_RESPONSE_RETENTION_DAYS;
    const cutoff = new Date(now - days * DAY_MS).toISOString();
    const keys = store ? await keysOfResponses(db, { appId: app.id, before: cutoff }) : [];
    const result = await db
      .deleteFrom('formResponses')
      .where('appId', '=', app.id)
      .where('createdAt', '<', cutoff)
      .executeTakeFirst();
    if (store) await forgetFiles(store, keys);
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** Sweeps every SWEEP_EVERY_MS until closed; a failed sweep is logged and tried again at the next. */
export function startResponsesSweep(
  db: Db,
  store: FileStore,
  clock: Clock,
  log: { warn(details: object, message: string): void },
): { close(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepResponses(db, clock.now(), store)
      // Then the files no row references: a deleted app's (its rows went by cascade), or a crash's leftovers.
      .then(() => sweepUnreferencedFiles(db, store, Date.now() - SWEEP_GRACE_MS))
      .catch((error: unknown) =>
        log.warn({ err: String(error) }, 'form responses past retention not swept; tried again next hour'),
      );
  }, SWEEP_EVERY_MS);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
