// The delivery log is kept 30 days: settled deliveries older than that go with their attempts; pending ones stay.
import type { Executor } from '../db/database.js';
import { nowIso } from '../ids.js';

export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes delivered and failed deliveries made before `now - 30 days`; returns how many. */
export async function pruneDeliveries(db: Executor, now: number): Promise<number> {
  const cutoff = nowIso(new Date(now - DELIVERY_RETENTION_MS));
  const old = db
    .selectFrom('webhookDeliveries')
    .select('id')
    .where('status', '!=', 'pending')
    .where('createdAt', '<', cutoff);
  await db.deleteFrom('webhookAttempts').where('deliveryId', 'in', old).execute();
  const removed = await db
    .deleteFrom('webhookDeliveries')
    .where('status', '!=', 'pending')
    .where('createdAt', '<', cutoff)
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}
