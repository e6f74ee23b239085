// Delivers due webhook rows: any node may run it; a row is claimed with a lease, so each attempt is made by one node.
import type { Db } from '../db/database.js';
import { newId, nowIso } from '../ids.js';
import type { Platform } from '../platform.js';
import { deriveKey } from '../signing/keys.js';
import { recordAttempt } from './record-attempt.js';
import { openEndpointSecret } from './repository.js';
import { pruneDeliveries } from './retention.js';
import { sendWebhook, WEBHOOK_TIMEOUT_MS } from './send.js';

/** Due rows are looked for this often when there is nothing to do. */
const POLL_MS = 1_000;
/** The delivery log is pruned this often (on every node; the deletes are idempotent). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Attempts in flight at once on one node. */
const MAX_IN_FLIGHT = 32;
/**
 * A claim outlives the 10 s attempt by a margin; after it another node may take the row (this node died, or
 * kill -9 hit it mid-attempt), so a delivery is at least once and never stuck.
 */
export const LEASE_MS = WEBHOOK_TIMEOUT_MS + 20_000;

export interface DeliveryLoop {
  /** Look for due rows now (after a test send or a retry by hand) instead of at the next poll. */
  wake(): void;
  /** Stops polling and waits for the attempts in flight to be recorded. */
  close(): Promise<void>;
}

interface DueRow {
  id: string;
  endpointId: string;
  attempts: number;
  messageId: string;
  body: string;
  url: string;
  secretEnc: string;
}

export function startDeliveryLoop(platform: Platform): DeliveryLoop {
  const owner = newId('node');
  const sealKey = deriveKey(platform.config.keys.platformKey, 'webhook-secrets');
  const db = platform.db;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  /** The last round found more due rows than it had slots for. */
  let full = false;
  const inFlight = new Set<Promise<void>>();
  let nextPrune = 0;

  async function claim(row: DueRow, now: number): Promise<boolean> {
    // A conditional update: on PostgreSQL the second of two racing nodes waits for the first, re-reads the
    // row and finds the lease taken; SQLite runs one writer at a time.
    const claimed = await db
      .updateTable('webhookDeliveries')
      .set({ leaseOwner: owner, leaseUntil: nowIso(new Date(now + LEASE_MS)) })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', nowIso(new Date(now)))]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  async function attempt(row: DueRow): Promise<void> {
    const outcome = await sendWebhook(
      platform.egress,
      platform.config.egress.internalHosts,
      {
        url: row.url,
        messageId: row.messageId,
        body: row.body,
        secret: openEndpointSecret(sealKey, { id: row.endpointId, secretEnc: row.secretEnc }),
      },
      () => platform.clock.now(),
    );
    await recordAttempt(
      db,
      row,
      owner,
      outcome,
      platform.config.webhooks.retryDelaysMs,
      platform.clock.now(),
    );
  }

  /**
   * Claims what is due, up to the free attempt slots, and starts those attempts without waiting for them: a slow
   * endpoint (up to 10 s) holds one slot, not the next round, so other endpoints' deliveries go on meanwhile.
   */
  async function round(): Promise<boolean> {
    if (platform.clock.now() >= nextPrune) {
      nextPrune = platform.clock.now() + PRUNE_EVERY_MS;
      await pruneDeliveries(db, platform.clock.now());
    }
    const room = MAX_IN_FLIGHT - inFlight.size;
    if (room <= 0) return false;
    const now = platform.clock.now();
    const due = await dueRows(db, now, room);
    for (const row of due) {
      if (closed || !(await claim(row, now))) continue;
      const work = attempt(row).then(
        () => {},
        (error: Error) =>
          // The lease runs out and any node tries again.
          platform.log.warn({ err: error.message, delivery: row.id }, 'webhook attempt not recorded'),
      );
      inFlight.add(work);
      void work.then(() => {
        inFlight.delete(work);
        // A slot is free: look again now if the last round left due rows behind.
        if (full) schedule(0);
      });
    }
    full = due.length >= room;
    return full;
  }

  function schedule(ms: number): void {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  }

  function run(): void {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = round()
      .then(
        (more) => (more || again ? 0 : POLL_MS),
        (error: Error) => {
          platform.log.warn({ err: error.message }, 'webhook delivery round failed');
          return POLL_MS;
        },
      )
      .then((wait) => {
        running = undefined;
        schedule(wait);
      });
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
      await Promise.all(inFlight);
    },
  };
}

function dueRows(db: Db, now: number, limit: number): Promise<DueRow[]> {
  const at = nowIso(new Date(now));
  return db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhookEndpoints as e', 'e.id', 'd.endpointId')
    .select(['d.id', 'd.endpointId', 'd.attempts', 'd.messageId', 'd.body', 'e.url', 'e.secretEnc'])
    .where('d.status', '=', 'pending')
    .where('d.nextAttemptAt', '<=', at)
    .where('e.disabledAt', 'is', null)
    .where((eb) => eb.or([eb('d.leaseUntil', 'is', null), eb('d.leaseUntil', '<', at)]))
    .orderBy('d.nextAttemptAt')
    .limit(limit)
    .execute();
}
