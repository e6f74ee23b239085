// The outbox: a push not yet charged or queued (Redis away, a node stopped) waits in the database; any node moves it on.
import type { Db } from '../db/database.js';
import { nowIso } from '../ids.js';
import type { Log } from '../log.js';
import { chargeLeftBehind } from './postgres-charge.js';
import { type DeliveryQueue, jobsOf } from './queue.js';

/** Longest a hand-over (after the answer) waits for the queue before it leaves the push in the outbox. */
const HAND_OVER_TIMEOUT_MS = 1_000; // 1 s
/** A push this young may still be in its own node's hands; the drain leaves it alone. */
const OUTBOX_GRACE_MS = 2_000; // 2 s
const OUTBOX_DRAIN_EVERY_MS = 2_000; // 2 s

interface RecordedPush {
  id: string;
  chunks: number;
}

/**
 * Gives a recorded push's chunk jobs to the queue and marks it queued. The push is durable before this
 * runs (its record and chunk rows are committed), so a queue that is away or slow only delays it: false
 * then, and the push stays in the outbox.
 */
export async function handOver(db: Db, queue: DeliveryQueue, push: RecordedPush, log: Log): Promise<boolean> {
  try {
    await withTimeout(queue.add(jobsOf(push.id, push.chunks)), HAND_OVER_TIMEOUT_MS);
  } catch (error) {
    log.warn(
      { notification: push.id, err: (error as Error).message },
      'push kept in the outbox until the queue is reachable',
    );
    return false;
  }
  try {
    await markQueued(db, push.id);
  } catch (error) {
    // Queued all the same; a drain may add its jobs again, which the queue and the chunk rows absorb.
    log.warn({ notification: push.id, err: (error as Error).message }, 'push queued but not marked so');
  }
  return true;
}

/**
 * Hands over the outbox's pushes, oldest first, charging first those whose node answered and stopped before
 * charging (PostgreSQL); jobs added twice (two nodes draining) are absorbed.
 */
async function drainOutbox(db: Db, queue: DeliveryQueue, now = Date.now()): Promise<string[]> {
  const waiting = await db
    .selectFrom('notifications')
    .select(['id', 'appId', 'chunks', 'finishedAt', 'chargedAt'])
    .where('queuedAt', 'is', null)
    .where('createdAt', '<', nowIso(new Date(now - OUTBOX_GRACE_MS)))
    .orderBy('createdAt')
    .limit(100)
    .execute();
  for (const push of waiting) {
    const chunks = push.chargedAt === null ? await chargeLeftBehind(db, push) : push.chunks;
    if (push.finishedAt === null && chunks > 0) await queue.add(jobsOf(push.id, chunks));
    await markQueued(db, push.id);
  }
  return waiting.map((push) => push.id);
}

/** Drains the outbox every few seconds; one log line per drain that moved something, and per failure spell. */
export function startOutboxDrain(db: Db, queue: DeliveryQueue, log: Log): () => void {
  let running = false;
  let failing = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const drained = await drainOutbox(db, queue);
      failing = false;
      if (drained.length > 0) log.info({ notifications: drained }, 'outbox: pushes handed to the queue');
    } catch (error) {
      if (!failing) log.warn({ err: (error as Error).message }, 'outbox: cannot hand pushes over yet');
      failing = true;
    } finally {
      running = false;
    }
  }, OUTBOX_DRAIN_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function markQueued(db: Db, id: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ queuedAt: nowIso() })
    .where('id', '=', id)
    .where('queuedAt', 'is', null)
    .execute();
}

/** `work`, or a failure after `ms` (a hung queue or database); a late failure of `work` is ignored. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // A late answer after the timeout is ignored: the drain adds the jobs again, which the queue absorbs.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
