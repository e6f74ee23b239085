// After an attempt: log it, then settle the delivery (delivered, retry later, failed) and the endpoint's health.
import type { Db } from '../db/database.js';
import { newId, nowIso } from '../ids.js';
import type { AttemptOutcome } from './send.js';

/** The 5 days: an endpoint failing without one success for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  attempts: number;
}

/**
 * Written only while this node still holds the lease: a node that stalled past it (and whose row another
 * node took) records its attempt in the log but leaves the delivery's state to the node that owns it now.
 */
export async function recordAttempt(
  db: Db,
  delivery: ClaimedDelivery,
  owner: string,
  outcome: AttemptOutcome,
  retryDelaysMs: readonly number[],
  now: number,
): Promise<void> {
  const at = nowIso(new Date(now));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhookAttempts')
      .values({
        id: newId('wha'),
        deliveryId: delivery.id,
        attemptedAt: at,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
      })
      .execute();
    const attempts = delivery.attempts + 1;
    // attempts-1 retries were made; the next wait is the attempts-th (1-based) of the list.
    const wait = retryDelaysMs[attempts - 1];
    const settled = await trx
      .updateTable('webhookDeliveries')
      .set({
        attempts,
        leaseOwner: null,
        leaseUntil: null,
        ...(outcome.ok
          ? { status: 'delivered', deliveredAt: at }
          : wait === undefined
            ? { status: 'failed' }
            : { status: 'pending', nextAttemptAt: nowIso(new Date(now + wait)) }),
      })
      .where('id', '=', delivery.id)
      .where('leaseOwner', '=', owner)
      .executeTakeFirst();
    if (Number(settled.numUpdatedRows) === 0) return;
    if (outcome.ok) {
      await trx
        .updateTable('webhookEndpoints')
        .set({ failingSince: null })
        .where('id', '=', delivery.endpointId)
        .where('failingSince', 'is not', null)
        .execute();
      return;
    }
    await noteFailure(trx, delivery.endpointId, outcome, now);
  });
}

async function noteFailure(trx: Db, endpointId: string, outcome: AttemptOutcome, now: number): Promise<void> {
  const at = nowIso(new Date(now));
  const endpoint = await trx
    .selectFrom('webhookEndpoints')
    .select(['failingSince', 'disabledAt'])
    .where('id', '=', endpointId)
    .executeTakeFirst();
  if (!endpoint || endpoint.disabledAt !== null) return;
  const since = endpoint.failingSince ?? at;
  if (now - Date.parse(since) < DISABLE_AFTER_MS) {
    if (endpoint.failingSince === null)
      await trx
        .updateTable('webhookEndpoints')
        .set({ failingSince: at })
        .where('id', '=', endpointId)
        .execute();
    return;
  }
  const reason = {
    reason: 'failing',
    failingSince: since,
    lastStatus: outcome.statusCode,
    lastError: outcome.error,
  };
  await trx
    .updateTable('webhookEndpoints')
    .set({ disabledAt: at, disabledReason: JSON.stringify(reason) })
    .where('id', '=', endpointId)
    .execute();
}
