// Housekeeping of the delivery worker: resume sends a crash interrupted, forget old quota days and delivery rows.
import type { Db } from '../db/database.js';
import { nowIso } from '../ids.js';
import type { Log } from './log.js';
import { unfinishedNotifications } from './notifications-repository.js';
import { type DeliveryQueue, jobsOf } from './queue.js';
import { quotaDay } from './quota.js';

const DAY_MS = 24 * 3600_000;
/** Delivery rows of finished notifications are kept this long (to look into failures); the counts stay forever. */
export const DELIVERY_RETENTION_MS = 7 * DAY_MS;
/** Unfinished sends older than this are resumed; a chunk that is really running only gets a harmless twin. */
const RESUME_AFTER_MS = 5 * 60_000; // 5 min
export const MAINTENANCE_EVERY_MS = 5 * 60_000; // 5 min

/** Queues every chunk of notifications created in the last day that are not finished and older than `minAgeMs`. */
export async function resumeUnfinished(
  db: Db,
  queue: DeliveryQueue,
  minAgeMs: number,
  now = Date.now(),
): Promise<number> {
  const list = await unfinishedNotifications(db, new Date(now - DAY_MS), new Date(now - minAgeMs));
  for (const { id, chunks } of list) await queue.add(jobsOf(id, chunks));
  return list.length;
}

export async function pruneOld(db: Db, now = Date.now()): Promise<void> {
  // Yesterday's counters go too: the quota only ever reads today's UTC day.
  await db
    .deleteFrom('pushQuota')
    .where('day', '<', quotaDay(new Date(now)))
    .execute();
  await db
    .deleteFrom('pushDeliveries')
    .where('notificationId', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('finishedAt', '<', nowIso(new Date(now - DELIVERY_RETENTION_MS))),
    )
    .execute();
}

/** Resumes interrupted sends now, then resumes stale ones and prunes every few minutes; returns a stopper. */
export function startMaintenance(db: Db, queue: DeliveryQueue, log: Log): () => void {
  const run = async (minAgeMs: number) => {
    try {
      const resumed = await resumeUnfinished(db, queue, minAgeMs);
      if (resumed > 0) log('info', 'resumed unfinished pushes', { notifications: resumed });
      await pruneOld(db);
    } catch (error) {
      log('error', 'push maintenance failed', { error: String(error) });
    }
  };
  void run(0);
  const timer = setInterval(() => void run(RESUME_AFTER_MS), MAINTENANCE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
