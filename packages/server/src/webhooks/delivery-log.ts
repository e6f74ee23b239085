// Reading and re-queuing an endpoint's deliveries: the log with every attempt, and a retry by hand.
import type { Delivery } from '@miniapps/contract';
import type { Executor } from '../db/database.js';
import type { WebhookDeliveriesTable } from '../db/schema.js';
import { AppError } from '../errors.js';
import { nowIso } from '../ids.js';

/** A Delivery as the API answers it: the contract's schema. */
export type DeliveryView = Delivery;

/** The newest deliveries first, each with its attempts in order. */
export async function deliveryLog(db: Executor, endpointId: string, limit: number): Promise<DeliveryView[]> {
  const rows = await db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('endpointId', '=', endpointId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return withAttempts(db, rows);
}

async function withAttempts(db: Executor, rows: WebhookDeliveriesTable[]): Promise<DeliveryView[]> {
  if (rows.length === 0) return [];
  const attempts = await db
    .selectFrom('webhookAttempts')
    .selectAll()
    .where(
      'deliveryId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('attemptedAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    webhookId: r.messageId,
    type: r.type,
    status: r.status,
    createdAt: r.createdAt,
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt : null,
    deliveredAt: r.deliveredAt,
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({ at: a.attemptedAt, status: a.statusCode, durationMs: a.durationMs, error: a.error })),
  }));
}

/** Due at once, with the same webhook-id and body; a delivery being attempted right now is left to finish. */
export async function retryDelivery(
  db: Executor,
  endpointId: string,
  deliveryId: string,
  now: number,
): Promise<DeliveryView> {
  const at = nowIso(new Date(now));
  const row = await db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('endpointId', '=', endpointId)
    .executeTakeFirst();
  if (!row)
    throw new AppError('not_found', { key: 'webhooks.delivery_not_found', values: { id: deliveryId } });
  if (row.leaseUntil !== null && row.leaseUntil > at) {
    throw new AppError('conflict', { key: 'webhooks.delivery_in_flight' });
  }
  await db
    .updateTable('webhookDeliveries')
    .set({ status: 'pending', nextAttemptAt: at, leaseOwner: null, leaseUntil: null })
    .where('id', '=', deliveryId)
    .execute();
  const updated = await db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .executeTakeFirstOrThrow();
  const [view] = await withAttempts(db, [updated]);
  return view!;
}
