// One worker job: send a chunk's device messages, retry transient failures with backoff, record every outcome.
import type { PushConfig } from '../config/push.js';
import type { Db } from '../db/database.js';
import type { DevicePlatform } from '../devices/rules.js';
import { newId, nowIso } from '../ids.js';
import {
  type AttemptResult,
  foreignLeaseEnd,
  type LeasedDelivery,
  leaseChunk,
  leasedRows,
  recordAttempt,
} from './deliveries.js';
import { loadPush } from './notifications-repository.js';
import type { Providers, PushMessage, SendOutcome } from './providers/types.js';
import { chunkState, expandChunk, finishChunk } from './push-chunks.js';
import type { DeliveryJob } from './queue.js';

export interface DeliveryContext {
  db: Db;
  providers: Providers;
  retry: PushConfig['retry'];
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** A lease outlives the longest wait between attempts, so no other worker takes rows we will still send. */
const LEASE_MARGIN_MS = 2 * 60_000; // 2 min

export async function deliverChunk(ctx: DeliveryContext, job: DeliveryJob): Promise<{ againInMs?: number }> {
  const clock = ctx.clock ?? Date.now;
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const state = await chunkState(ctx.db, job);
  if (!state || state.done) return {};
  const owner = newId('lease');
  const leaseMs = ctx.retry.maxDelayMs + LEASE_MARGIN_MS;

  for (let attempt = 1; ; attempt++) {
    // Read each attempt: a moderator who suspends an app for abuse stops its pushes still in the queue.
    const stored = await loadPush(ctx.db, job.notificationId);
    if (!stored) return {};
    const startedAt = nowIso(new Date(clock()));
    const lease = { owner, until: nowIso(new Date(clock() + leaseMs)) };
    let rows: LeasedDelivery[];
    if (attempt === 1 && !state.expanded) {
      // Rows come into being leased to us: no second pass over them to take the lease.
      await expandChunk(ctx.db, job, stored, state, lease);
      rows = await leasedRows(ctx.db, job, owner);
    } else {
      rows = await leaseChunk(ctx.db, job, lease, startedAt);
    }
    if (rows.length === 0) break;
    if (stored.suspended) {
      const dropped = rows.map((row): [string, string] => [row.deviceId, 'app suspended']);
      await recordAttempt(ctx.db, job, owner, { sent: [], dead: [], failed: dropped, retry: [] }, startedAt);
      break;
    }
    const { result, retryAfterMs } = await attemptOnce(ctx.providers, stored.message, rows);
    const last = attempt >= ctx.retry.attempts;
    if (last) {
      // Out of attempts: what is still transient becomes a failure; the tokens stay.
      result.failed.push(...result.retry.map(([id, reason]): [string, string] => [id, `gave up: ${reason}`]));
      result.retry = [];
    }
    await recordAttempt(ctx.db, job, owner, result, startedAt);
    if (result.retry.length === 0) break;
    await sleep(backoff(attempt, retryAfterMs, ctx.retry));
  }

  // Rows still queued are another worker's (or a dead worker's, until its lease ends): look again then.
  const until = await foreignLeaseEnd(ctx.db, job);
  if (until !== undefined) return { againInMs: Math.max(0, Date.parse(until) - clock()) + 1000 };
  await finishChunk(ctx.db, job, nowIso(new Date(clock())));
  return {};
}

/** Exponential backoff with jitter, never shorter than the provider's Retry-After, never over the maximum. */
export function backoff(
  attempt: number,
  retryAfterMs: number | undefined,
  retry: PushConfig['retry'],
): number {
  const exponential = retry.baseDelayMs * 2 ** (attempt - 1);
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return Math.min(retry.maxDelayMs, Math.max(jittered, retryAfterMs ?? 0));
}

async function attemptOnce(
  providers: Providers,
  message: PushMessage,
  rows: LeasedDelivery[],
): Promise<{ result: AttemptResult; retryAfterMs: number | undefined }> {
  const result: AttemptResult = { sent: [], dead: [], failed: [], retry: [] };
  let retryAfterMs: number | undefined;
  const byPlatform = new Map<DevicePlatform, LeasedDelivery[]>();
  for (const row of rows) {
    if (row.platform === null || row.token === null) {
      result.failed.push([row.deviceId, 'device removed']);
      continue;
    }
    const group = byPlatform.get(row.platform);
    if (group) group.push(row);
    else byPlatform.set(row.platform, [row]);
  }
  await Promise.all(
    [...byPlatform].map(async ([platform, group]) => {
      const provider = providers[platform];
      let outcomes: SendOutcome[];
      if (!provider) {
        outcomes = group.map(() => ({ status: 'failed', reason: `no ${platform} provider configured` }));
      } else {
        try {
          outcomes = await provider.send(
            message,
            group.map((row) => row.token!),
          );
        } catch (error) {
          outcomes = group.map(() => ({
            status: 'retry',
            reason: `provider error: ${(error as Error).message}`,
          }));
        }
      }
      group.forEach((row, index) => {
        const outcome = outcomes[index] ?? { status: 'retry', reason: 'no answer' };
        if (outcome.status === 'accepted') result.sent.push(row.deviceId);
        else if (outcome.status === 'dead') result.dead.push([row.deviceId, outcome.reason]);
        else if (outcome.status === 'failed') result.failed.push([row.deviceId, outcome.reason]);
        else {
          result.retry.push([row.deviceId, outcome.reason]);
          if (outcome.retryAfterMs !== undefined)
            retryAfterMs = Math.max(retryAfterMs ?? 0, outcome.retryAfterMs);
        }
      });
    }),
  );
  return { result, retryAfterMs };
}
