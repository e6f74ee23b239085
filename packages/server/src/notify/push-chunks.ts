// A push's chunks: each expands once into delivery rows (one per device of its users), and is done once settled.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { DevicePlatform } from '../devices/rules.js';
import { emitNotificationCompleted } from '../webhooks/notification-events.js';
import type { DeliveryJob } from './queue.js';

export interface ChunkSource {
  appId: string;
  quotaDay: string;
  platforms: readonly DevicePlatform[];
}

export interface ChunkState {
  fromUserId: string;
  toUserId: string | null;
  expanded: boolean;
  done: boolean;
}

export interface Lease {
  owner: string;
  until: string;
}

export async function chunkState(db: Db, job: DeliveryJob): Promise<ChunkState | undefined> {
  const row = await db
    .selectFrom('pushChunks')
    .select(['fromUserId', 'toUserId', 'expanded', 'done'])
    .where('notificationId', '=', job.notificationId)
    .where('chunk', '=', job.chunk)
    .executeTakeFirst();
  return row && { ...row, expanded: row.expanded === 1, done: row.done === 1 };
}

/**
 * Makes the chunk's delivery rows, one per device of its users: the users in the chunk's id range that the
 * push charged, read back from the quota rows (a range scan of their key), already leased to the worker
 * making them. Safe to run twice or in two workers at once: the rows' key absorbs repeats and only the run
 * that marks the chunk expanded adds to the push's count. Devices are read now: one registered since the
 * push gets it, one removed does not.
 */
export async function expandChunk(
  db: Db,
  job: DeliveryJob,
  source: ChunkSource,
  range: ChunkState,
  lease: Lease,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const platforms = sql.join(source.platforms.map((p) => sql`${p}`));
    const upper = range.toUserId === null ? sql`` : sql`and q.user_id < ${range.toUserId}`;
    const inserted = await sql`
      insert into push_deliveries (notification_id, chunk, device_id, status, attempts, lease_owner, lease_until)
      select cast(${job.notificationId} as text), ${sql.lit(job.chunk)}, d.id, 'queued', 0,
             cast(${lease.owner} as text), cast(${lease.until} as text)
      from push_quota q
      join devices d on d.user_id = q.user_id
      where q.app_id = ${source.appId} and q.day = ${source.quotaDay}
        and q.user_id >= ${range.fromUserId} ${upper}
        and (q.first_notification_id = ${job.notificationId} or q.second_notification_id = ${job.notificationId})
        and d.platform in (${platforms})
      on conflict (notification_id, chunk, device_id) do nothing
    `.execute(trx);
    const marked = await trx
      .updateTable('pushChunks')
      .set({ expanded: 1 })
      .where('notificationId', '=', job.notificationId)
      .where('chunk', '=', job.chunk)
      .where('expanded', '=', 0)
      .executeTakeFirst();
    const devices = Number(inserted.numAffectedRows ?? 0);
    if (Number(marked.numUpdatedRows) > 0 && devices > 0) {
      await trx
        .updateTable('notifications')
        .set((eb) => ({ devices: eb('devices', '+', devices) }))
        .where('id', '=', job.notificationId)
        .execute();
    }
  });
}

/** Marks a settled chunk done (once), and the push finished when it was the last. */
export async function finishChunk(db: Db, job: DeliveryJob, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('pushChunks')
      .set({ done: 1 })
      .where('notificationId', '=', job.notificationId)
      .where('chunk', '=', job.chunk)
      .where('done', '=', 0)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return;
    await trx
      .updateTable('notifications')
      .set((eb) => ({ chunksDone: eb('chunksDone', '+', 1) }))
      .where('id', '=', job.notificationId)
      .execute();
    const finished = await trx
      .updateTable('notifications')
      .set({ finishedAt: now })
      .where('id', '=', job.notificationId)
      .where('finishedAt', 'is', null)
      .where((eb) => eb('chunksDone', '>=', eb.ref('chunks')))
      .executeTakeFirst();
    if (Number(finished.numUpdatedRows) > 0)
      await emitNotificationCompleted(trx, job.notificationId, Date.parse(now));
  });
}
