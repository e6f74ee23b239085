// Housekeeping of the delivery worker: resume sends a crash interrupted, forget old quota days and delivery rows.
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { nowIso } from '../ids.js';
import type { Log } from '../log.js';
import { unfinishedChunks } from './notifications-repository.js';
import type { DeliveryQueue } from './queue.js';
import { quotaDay } from './quota.js';

const DAY_MS = 24 * 3600_000;
/** Delivery rows of finished notifications are kept this long (to look into failures); the counts stay forever. */
export const DELIVERY_RETENTION_MS = 7 * DAY_MS;
/** Unfinished sends older than this are resumed; a chunk that is really running only gets a harmless twin. */
const RESUME_AFTER_MS = 5 * 60_000; // 5 min
export const MAINTENANCE_EVERY_MS = 5 * 60_000; // 5 min

/** Queues the chunks not yet done of pushes created in the last day and older than `minAgeMs`. */
export async function resumeUnfinished(
  db: Db,
  queue: DeliveryQueue,
  minAgeMs: number,
  now = Date.now(),
): Promise<number> {
  const jobs = await unfinishedChunks(db, new Date(now - DAY_MS), new Date(now - minAgeMs));
  await queue.add(jobs);
  return jobs.length;
}

export async function pruneOld(db: Db, now = Date.now()): Promise<void> {
  // The quota only reads today's UTC day; workers read a push's recipients back from its day's rows, so
  // yesterday's stay a day longer for pushes made just before midnight.
  await db
    .deleteFrom('pushQuota')
    .where('day', '<', quotaDay(new Date(now - DAY_MS)))
    .execute();
  const finishedLongAgo = (eb: ExpressionBuilder<DB, 'pushDeliveries' | 'pushChunks'>) =>
    eb
      .selectFrom('notifications')
      .select('id')
      .where('finishedAt', '<', nowIso(new Date(now - DELIVERY_RETENTION_MS)));
  await db.deleteFrom('pushDeliveries').where('notificationId', 'in', finishedLongAgo).execute();
  await db.deleteFrom('pushChunks').where('notificationId', 'in', finishedLongAgo).execute();
}

/** Resumes interrupted sends now, then resumes stale ones and prunes every few minutes; returns a stopper. */
export function startMaintenance(db: Db, queue: DeliveryQueue, log: Log): () => void {
  const run = async (minAgeMs: number) => {
    try {
      const resumed = await resumeUnfinished(db, queue, minAgeMs);
      if (resumed > 0) log.info({ chunks: resumed }, 'resumed unfinished pushes');
      await pruneOld(db);
    } catch (error) {
      log.error({ error: String(error) }, 'push maintenance failed');
    }
  };
  void run(0);
  const timer = setInterval(() => void run(RESUME_AFTER_MS), MAINTENANCE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
