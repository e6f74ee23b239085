// Delivery rows of one chunk: lease them to a worker, then record what each provider said, in bulk.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { removeDeadDevices } from '../devices/repository.js';
import type { DevicePlatform } from '../devices/rules.js';
import type { DeliveryJob } from './queue.js';

export interface LeasedDelivery {
  deviceId: string;
  attempts: number;
  /** Null when the device was removed after the push was queued. */
  platform: DevicePlatform | null;
  token: string | null;
}

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
 * push charged, read back from the quota rows (a range scan of their key). Safe to run twice or in two
 * workers at once: the rows' key absorbs repeats and only the run that marks the chunk expanded adds to
 * the push's count. Devices are read now: one registered since the push gets it, one removed does not.
 */
export async function expandChunk(
  db: Db,
  job: DeliveryJob,
  source: ChunkSource,
  range: ChunkState,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const platforms = sql.join(source.platforms.map((p) => sql`${p}`));
    const upper = range.toUserId === null ? sql`` : sql`and q.user_id < ${range.toUserId}`;
    const inserted = await sql`
      insert into push_deliveries (notification_id, chunk, device_id, status, attempts)
      select cast(${job.notificationId} as text), ${sql.lit(job.chunk)}, d.id, 'queued', 0
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
    await trx
      .updateTable('notifications')
      .set({ finishedAt: now })
      .where('id', '=', job.notificationId)
      .where('finishedAt', 'is', null)
      .where((eb) => eb('chunksDone', '>=', eb.ref('chunks')))
      .execute();
  });
}

/**
 * Leases the chunk's queued rows that no other worker holds (or this owner already holds). A row leased by
 * a worker that died becomes claimable again when its lease ends; the rows then carry the send to whoever
 * runs the chunk next, so duplicate jobs are harmless.
 */
export async function leaseChunk(
  db: Db,
  job: DeliveryJob,
  owner: string,
  now: string,
  until: string,
): Promise<LeasedDelivery[]> {
  await db
    .updateTable('pushDeliveries')
    .set({ leaseOwner: owner, leaseUntil: until })
    .where('notificationId', '=', job.notificationId)
    .where('chunk', '=', job.chunk)
    .where('status', '=', 'queued')
    .where((eb) =>
      eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now), eb('leaseOwner', '=', owner)]),
    )
    .execute();
  return db
    .selectFrom('pushDeliveries as pd')
    .leftJoin('devices as d', 'd.id', 'pd.deviceId')
    .select(['pd.deviceId', 'pd.attempts', 'd.platform', 'd.token'])
    .where('pd.notificationId', '=', job.notificationId)
    .where('pd.chunk', '=', job.chunk)
    .where('pd.leaseOwner', '=', owner)
    .where('pd.status', '=', 'queued')
    .execute();
}

/** When the earliest lease another worker holds on this chunk's queued rows ends, if any. */
export async function foreignLeaseEnd(db: Db, job: DeliveryJob): Promise<string | undefined> {
  const row = await db
    .selectFrom('pushDeliveries')
    .select((eb) => eb.fn.min('leaseUntil').as('until'))
    .where('notificationId', '=', job.notificationId)
    .where('chunk', '=', job.chunk)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return row?.until ?? undefined;
}

export interface AttemptResult {
  sent: string[];
  /** Device ids whose tokens the provider declared dead, with the reason. */
  dead: Array<[string, string]>;
  failed: Array<[string, string]>;
  retry: Array<[string, string]>;
}

export interface RecordedCounts {
  accepted: number;
  failed: number;
  tokensRemoved: number;
}

/** Writes one attempt's outcomes and adds them to the notification's counts, in one transaction. */
export async function recordAttempt(
  db: Db,
  job: DeliveryJob,
  result: AttemptResult,
  startedAt: string,
): Promise<RecordedCounts> {
  return db.transaction().execute(async (trx) => {
    const scope = trx
      .updateTable('pushDeliveries')
      .where('notificationId', '=', job.notificationId)
      .where('chunk', '=', job.chunk);
    if (result.sent.length > 0) {
      await scope
        .set((eb) => ({
          status: 'sent',
          attempts: eb('attempts', '+', 1),
          leaseOwner: null,
          leaseUntil: null,
          error: null,
        }))
        .where('deviceId', 'in', result.sent)
        .execute();
    }
    for (const [status, list] of [
      ['removed', result.dead],
      ['failed', result.failed],
    ] as const) {
      for (const [reason, ids] of byReason(list)) {
        await scope
          .set((eb) => ({
            status,
            attempts: eb('attempts', '+', 1),
            leaseOwner: null,
            leaseUntil: null,
            error: reason,
          }))
          .where('deviceId', 'in', ids)
          .execute();
      }
    }
    for (const [reason, ids] of byReason(result.retry)) {
      await scope
        .set((eb) => ({ attempts: eb('attempts', '+', 1), error: reason }))
        .where('deviceId', 'in', ids)
        .execute();
    }
    const tokensRemoved = await removeDeadDevices(
      trx,
      result.dead.map(([id]) => id),
      startedAt,
    );
    const counts = {
      accepted: result.sent.length,
      failed: result.dead.length + result.failed.length,
      tokensRemoved,
    };
    if (counts.accepted + counts.failed + counts.tokensRemoved > 0) {
      await trx
        .updateTable('notifications')
        .set((eb) => ({
          accepted: eb('accepted', '+', counts.accepted),
          failed: eb('failed', '+', counts.failed),
          tokensRemoved: eb('tokensRemoved', '+', counts.tokensRemoved),
        }))
        .where('id', '=', job.notificationId)
        .execute();
    }
    return counts;
  });
}

function byReason(list: Array<[string, string]>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [id, reason] of list) {
    const key = reason.slice(0, 300);
    const ids = groups.get(key);
    if (ids) ids.push(id);
    else groups.set(key, [id]);
  }
  return groups;
}
