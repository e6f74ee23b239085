// Delivery rows of one chunk: lease them to a worker, then record what each provider said, in bulk.
import type { Db } from '../db/database.js';
import { removeDeadDevices } from '../devices/repository.js';
import type { DevicePlatform } from '../devices/rules.js';
import type { Lease } from './push-chunks.js';
import type { DeliveryJob } from './queue.js';

export interface LeasedDelivery {
  deviceId: string;
  attempts: number;
  /** Null when the device was removed after the push was queued. */
  platform: DevicePlatform | null;
  token: string | null;
}

/**
 * Leases the chunk's queued rows that no other worker holds (or this owner already holds). A row leased by
 * a worker that died becomes claimable again when its lease ends; the rows then carry the send to whoever
 * runs the chunk next, so duplicate jobs are harmless.
 */
export async function leaseChunk(
  db: Db,
  job: DeliveryJob,
  lease: Lease,
  now: string,
): Promise<LeasedDelivery[]> {
  await db
    .updateTable('pushDeliveries')
    .set({ leaseOwner: lease.owner, leaseUntil: lease.until })
    .where('notificationId', '=', job.notificationId)
    .where('chunk', '=', job.chunk)
    .where('status', '=', 'queued')
    .where((eb) =>
      eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now), eb('leaseOwner', '=', lease.owner)]),
    )
    .execute();
  return leasedRows(db, job, lease.owner);
}

/** Queued rows of the chunk whose lease another worker held and let lapse: it stopped mid-send. */
export async function lapsedRows(db: Db, job: DeliveryJob, now: string): Promise<number> {
  const row = await db
    .selectFrom('pushDeliveries')
    .select((eb) => eb.fn.countAll<number>().as('rows'))
    .where('notificationId', '=', job.notificationId)
    .where('chunk', '=', job.chunk)
    .where('status', '=', 'queued')
    .where('leaseUntil', '<', now)
    .executeTakeFirst();
  return Number(row?.rows ?? 0);
}

/** Moves this owner's lease on the chunk's rows still queued to `until` (a worker at work keeps them). */
export async function renewLease(db: Db, job: DeliveryJob, lease: Lease): Promise<void> {
  await db
    .updateTable('pushDeliveries')
    .set({ leaseUntil: lease.until })
    .where('notificationId', '=', job.notificationId)
    .where('chunk', '=', job.chunk)
    .where('leaseOwner', '=', lease.owner)
    .where('status', '=', 'queued')
    .execute();
}

/** The chunk's queued rows this owner holds, with their devices (gone devices come back as nulls). */
export async function leasedRows(db: Db, job: DeliveryJob, owner: string): Promise<LeasedDelivery[]> {
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
  owner: string,
  result: AttemptResult,
  startedAt: string,
): Promise<RecordedCounts> {
  return db.transaction().execute(async (trx) => {
    const scope = trx
      .updateTable('pushDeliveries')
      .where('notificationId', '=', job.notificationId)
      .where('chunk', '=', job.chunk);
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
    if (result.sent.length > 0) {
      const sent = scope.set((eb) => ({
        status: 'sent',
        attempts: eb('attempts', '+', 1),
        leaseOwner: null,
        leaseUntil: null,
        error: null,
      }));
      // Usually everything went through: "the rest of what we hold" needs no list of 500 ids.
      await (result.retry.length === 0
        ? sent.where('leaseOwner', '=', owner).where('status', '=', 'queued')
        : sent.where('deviceId', 'in', result.sent)
      ).execute();
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
