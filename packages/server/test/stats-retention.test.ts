// Usage statistics at their edges: 400 days kept (the 400th day old is pruned), latency buckets and quantiles, days turning at UTC midnight.

import { STATS_RETENTION_DAYS } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketUpperMs, LAST_BUCKET, latencyBucket, quantileMs } from '../src/stats/latency-histogram.js';
import { oldestKeptDay, pruneStats } from '../src/stats/retention.js';
import { UsageBuffer, utcDay } from '../src/stats/usage-buffer.js';
import { writeTallies } from '../src/stats/write-usage.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const DAY_MS = 86_400_000;
const use = {
  appId: 'app_1',
  userId: 'u1',
  kind: 'screen',
  opened: true,
  status: 200,
  error: undefined,
  ms: 3,
} as const;

describe.each(dialects)('statistics retention on %s', (dialect) => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform(dialect);
  });
  afterAll(() => t.close());

  it(`a day is kept ${STATS_RETENTION_DAYS} days, today included; the one before is pruned`, async () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const kept = utcDay(now - (STATS_RETENTION_DAYS - 1) * DAY_MS);
    const pruned = utcDay(now - STATS_RETENTION_DAYS * DAY_MS);
    expect(oldestKeptDay(now)).toBe(kept);
    const buffer = new UsageBuffer();
    for (const day of [kept, pruned]) buffer.record(Date.parse(`${day}T08:00:00Z`), use);
    await writeTallies(t.platform.db, buffer.take(), (_, userId) => `pseudo-${userId}`);
    await pruneStats(t.platform.db, now);
    const counters = await t.platform.db.selectFrom('appStatsCounters').select('day').distinct().execute();
    const users = await t.platform.db.selectFrom('appStatsUsers').select('day').execute();
    expect(counters.map((r) => r.day)).toEqual([kept]);
    expect(users.map((r) => r.day)).toEqual([kept]);
  });

  it('a second write of the same counts adds to the first (the upsert is additive)', async () => {
    const buffer = new UsageBuffer();
    const at = Date.parse('2026-11-20T08:00:00Z');
    const again = { ...use, appId: 'app_2' };
    buffer.record(at, again);
    await writeTallies(t.platform.db, buffer.take(), (_, userId) => `pseudo-${userId}`);
    buffer.record(at, again);
    buffer.record(at, again);
    await writeTallies(t.platform.db, buffer.take(), (_, userId) => `pseudo-${userId}`);
    const opens = await t.platform.db
      .selectFrom('appStatsCounters')
      .select('value')
      .where('appId', '=', 'app_2')
      .where('metric', '=', 'opens')
      .executeTakeFirstOrThrow();
    expect(Number(opens.value)).toBe(3);
    const seen = await t.platform.db
      .selectFrom('appStatsUsers')
      .selectAll()
      .where('appId', '=', 'app_2')
      .execute();
    expect(seen).toHaveLength(1);
  });
});

describe('latency histogram', () => {
  it('puts 1 ms and under in bucket 0 and each bound in its own bucket', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(1)).toBe(0);
    expect(latencyBucket(1.0001)).toBe(1);
    expect(latencyBucket(2)).toBe(8);
    expect(latencyBucket(2.0001)).toBe(9);
    expect(bucketUpperMs(8)).toBe(2);
    expect(latencyBucket(10_000)).toBeLessThan(LAST_BUCKET);
    expect(latencyBucket(10 ** 9)).toBe(LAST_BUCKET);
  });

  it('reads p50 and p95 back within one bucket (9 %)', () => {
    const histogram = new Map<number, number>();
    for (let ms = 1; ms <= 100; ms++) {
      const bucket = latencyBucket(ms);
      histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
    }
    const p50 = quantileMs(histogram, 0.5)!;
    const p95 = quantileMs(histogram, 0.95)!;
    expect(p50).toBeGreaterThanOrEqual(50);
    expect(p50).toBeLessThan(50 * 1.091);
    expect(p95).toBeGreaterThanOrEqual(95);
    expect(p95).toBeLessThan(95 * 1.091);
    expect(quantileMs(new Map(), 0.5)).toBeUndefined();
  });
});

describe('usage buffer', () => {
  it('counts a request at 23:59:59.999 UTC on that day and one at 00:00 on the next', () => {
    const buffer = new UsageBuffer();
    buffer.record(Date.parse('2026-11-24T23:59:59.999Z'), use);
    buffer.record(Date.parse('2026-11-25T00:00:00.000Z'), use);
    buffer.record(Date.parse('2026-11-25T00:00:00.001Z'), use);
    const taken = buffer.take();
    expect(taken.get('2026-11-24')?.get('app_1')?.opens).toBe(1);
    expect(taken.get('2026-11-25')?.get('app_1')?.opens).toBe(2);
    expect(buffer.empty).toBe(true);
  });

  it('hands a user to the writer once a day, however many flushes see them', () => {
    const buffer = new UsageBuffer();
    const at = Date.parse('2026-11-25T10:00:00Z');
    buffer.record(at, use);
    expect(buffer.take().get('2026-11-25')!.get('app_1')!.users).toEqual(['u1']);
    buffer.record(at, use);
    buffer.record(at, { ...use, userId: 'u2' });
    expect(buffer.take().get('2026-11-25')!.get('app_1')!.users).toEqual(['u2']);
    // A new day knows nobody yet.
    buffer.record(at + DAY_MS, use);
    expect(buffer.take().get('2026-11-26')!.get('app_1')!.users).toEqual(['u1']);
  });

  it('tallies put back after a failed write add to what came since', () => {
    const buffer = new UsageBuffer();
    const at = Date.parse('2026-11-25T10:00:00Z');
    buffer.record(at, use);
    const failed = buffer.take();
    buffer.record(at, {
      ...use,
      userId: 'u2',
      kind: 'api',
      opened: false,
      status: 502,
      error: 'origin_timeout',
    });
    buffer.restore(failed);
    const tally = buffer.take().get('2026-11-25')!.get('app_1')!;
    expect(tally.opens).toBe(1);
    expect(tally.apiByClass[5]).toBe(1);
    expect(tally.errors.get('origin_timeout')).toBe(1);
    expect([...tally.users].sort()).toEqual(['u1', 'u2']);
  });
});
