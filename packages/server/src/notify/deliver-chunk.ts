// One worker job: send a chunk's device messages, retry transient failures with backoff, record every outcome.
import type { PushConfig } from '../config/push.js';
import type { Db } from '../db/database.js';
import type { DevicePlatform } from '../devices/rules.js';
import { newId, nowIso } from '../ids.js';
import type { Log } from '../log.js';
import {
  type AttemptResult,
  foreignLeaseEnd,
  type LeasedDelivery,
  lapsedRows,
  leaseChunk,
  leasedRows,
  recordAttempt,
  renewLease,
} from './deliveries.js';
import { loadPush } from './notifications-repository.js';
import type { Providers, PushMessage, SendOutcome } from './providers/types.js';
import { type ChunkState, chunkState, expandChunk, finishChunk } from './push-chunks.js';
import type { CountAttempt } from './push-metrics.js';
import type { DeliveryJob } from './queue.js';

export interface DeliveryContext {
  db: Db;
  /** Told when a chunk resumes what a stopped worker left. */
  log?: Log;
  providers: Providers;
  retry: PushConfig['retry'];
  /** Told of each attempt once it is recorded (the push messages metric). */
  count?: CountAttempt | undefined;
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A worker holds a chunk's rows for LEASE_MS and renews the lease every LEASE_RENEW_MS while it works on
 * them, backoff waits included: rows of a worker that was killed are free again within LEASE_MS.
 */
const LEASE_MS = 15_000; // 15 s
const LEASE_RENEW_MS = 5_000; // 5 s

export async function deliverChunk(ctx: DeliveryContext, job: DeliveryJob): Promise<{ againInMs?: number }> {
  const clock = ctx.clock ?? Date.now;
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const state = await chunkState(ctx.db, job);
  if (!state || state.done) return {};
  const owner = newId('lease');
  const leaseUntil = () => nowIso(new Date(clock() + LEASE_MS));
  const renewal = setInterval(() => {
    renewLease(ctx.db, job, { owner, until: leaseUntil() }).catch(() => {});
  }, LEASE_RENEW_MS);
  renewal.unref();
  try {
    return await deliverLeased(ctx, job, state, owner, leaseUntil, { clock, sleep });
  } finally {
    clearInterval(renewal);
  }
}

async function deliverLeased(
  ctx: DeliveryContext,
  job: DeliveryJob,
  state: ChunkState,
  owner: string,
  leaseUntil: () => string,
  { clock, sleep }: { clock: () => number; sleep: (ms: number) => Promise<void> },
): Promise<{ againInMs?: number }> {
  for (let attempt = 1; ; attempt++) {
    // Read each attempt: a moderator who suspends an app for abuse stops its pushes still in the queue.
    const stored = await loadPush(ctx.db, job.notificationId);
    if (!stored) return {};
    const startedAt = nowIso(new Date(clock()));
    const lease = { owner, until: leaseUntil() };
    let rows: LeasedDelivery[];
    if (attempt === 1 && !state.expanded) {
      // Rows come into being leased to us: no second pass over them to take the lease.
      await expandChunk(ctx.db, job, stored, state, lease);
      rows = await leasedRows(ctx.db, job, owner);
    } else {
      const lapsed = attempt === 1 ? await lapsedRows(ctx.db, job, startedAt) : 0;
      rows = await leaseChunk(ctx.db, job, lease, startedAt);
      if (lapsed > 0)
        ctx.log?.info(
          { ...job, messages: Math.min(lapsed, rows.length) },
          'push resumed: device messages a stopped worker held are sent again',
        );
    }
    if (rows.length === 0) break;
    if (stored.suspended) {
      const dropped = rows.map((row): [string, string] => [row.deviceId, 'app suspended']);
      const result = { sent: [], dead: [], failed: dropped, retry: [] };
      await recordAttempt(ctx.db, job, owner, result, startedAt);
      ctx.count?.(rows, result);
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
    ctx.count?.(rows, result);
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
