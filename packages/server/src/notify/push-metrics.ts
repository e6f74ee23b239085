// Push metrics: device messages by provider and outcome, counted as they are recorded, and the queue's depth on scrape.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import type { AttemptResult, LeasedDelivery } from './deliveries.js';
import { withTimeout } from './outbox.js';
import type { DeliveryQueue } from './queue.js';

export const PUSH_MESSAGES_METRIC = 'miniapps_push_messages_total';
export const PUSH_QUEUE_METRIC = 'miniapps_push_queue_depth';

/** Adds one recorded attempt's outcomes to the counter. */
export type CountAttempt = (rows: readonly LeasedDelivery[], result: AttemptResult) => void;

/**
 * Outcomes as the delivery code tells them apart: `accepted` (the provider took it), `invalid_token` (the
 * token is dead; the device is removed), `retry` (transient; sent again after a backoff), `failed` (permanent:
 * provider configuration, payload, out of attempts, app suspended, no provider). `provider` is the device's
 * platform (android, ios, huawei, rustore), `none` when the device was removed before the send.
 */
export function createPushCounter(registry: Registry): CountAttempt {
  const counter = new Counter({
    name: PUSH_MESSAGES_METRIC,
    help: 'Push device messages by provider (device platform) and outcome, as recorded',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  return (rows, result) => {
    const platformOf = new Map<string, string>();
    for (const row of rows) platformOf.set(row.deviceId, row.platform ?? 'none');
    const add = (ids: Iterable<string>, outcome: string) => {
      const counts = new Map<string, number>();
      for (const id of ids) {
        const provider = platformOf.get(id) ?? 'none';
        counts.set(provider, (counts.get(provider) ?? 0) + 1);
      }
      for (const [provider, count] of counts) counter.inc({ provider, outcome }, count);
    };
    add(result.sent, 'accepted');
    add(idsOf(result.dead), 'invalid_token');
    add(idsOf(result.retry), 'retry');
    add(idsOf(result.failed), 'failed');
  };
}

function* idsOf(list: Array<[string, string]>): Iterable<string> {
  for (const [id] of list) yield id;
}

/** Longest a scrape waits for one depth reading (a database or Redis that hangs). */
const DEPTH_TIMEOUT_MS = 2_000; // 2 s

/**
 * Read at each scrape, never in between: `outbox` is one count over the outbox's partial index (pushes recorded
 * but not yet handed to the queue), `waiting`/`delayed`/`active` are the queue's own counts of chunk jobs
 * (BullMQ's, or the in-process queue's). A reading that fails or hangs is left out of that scrape.
 */
export function registerQueueDepth(registry: Registry, db: Db, queue: DeliveryQueue): void {
  new Gauge({
    name: PUSH_QUEUE_METRIC,
    help: 'Push work not yet sent: pushes in the outbox, chunk jobs waiting, delayed or active',
    labelNames: ['stage'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const [outbox, jobs] = await Promise.allSettled([
        withTimeout(outboxSize(db), DEPTH_TIMEOUT_MS),
        queue.depth
          ? withTimeout(queue.depth(), DEPTH_TIMEOUT_MS)
          : Promise.reject(new Error('no queue here')),
      ]);
      if (outbox.status === 'fulfilled') this.set({ stage: 'outbox' }, outbox.value);
      if (jobs.status === 'fulfilled') {
        for (const [stage, count] of Object.entries(jobs.value)) this.set({ stage }, count);
      }
    },
  });
}

async function outboxSize(db: Db): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('queuedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
