// /metrics reports the database pool (PostgreSQL's 10 connections, SQLite's one) and each Redis connection's state,
// read at the scrape: a full pool shows its waiting queries, a Redis killed shows 0 at once and 1 when it is back.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_CONNECTIONS_METRIC, DB_WAITING_METRIC } from '../src/db/pool-metrics.js';
import { RATE_LIMIT_FALLBACK_METRIC } from '../src/ratelimit/index.js';
import { REDIS_CONNECTED_METRIC } from '../src/ratelimit/redis-states.js';
import { dialects } from './helpers/databases.js';
import { sample } from './helpers/metrics.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { waitFor } from './helpers/push-fakes/audience.js';
import { redisServerInstalled, startThrowawayRedis, type ThrowawayRedis } from './helpers/redis-server.js';

/** PostgreSQL's pool size (database.ts); SQLite has one connection. */
const POOL = { postgres: 10, sqlite: 1 } as const;

describe.each(dialects)('database pool metrics on %s', (dialect) => {
  let t: TestPlatform;
  let release: () => void = () => {};
  const scrape = async () => (await t.request({ method: 'GET', url: '/metrics' })).body;

  beforeAll(async () => {
    // No sender, webhook delivery loop or usage flush here, so no queries of their own run beside the test's
    // (the delivery loop's first poll queued behind SQLite's one held connection and read as waiting).
    t = await startTestPlatform(
      dialect,
      { PUSH_WORKER: 'off' },
      { webhookDelivery: false, usageStats: false },
    );
  });
  afterEach(() => release());
  afterAll(() => t.close());

  it('shows connections busy at the pool size, and a query past it as waiting', async () => {
    const idle = await scrape();
    expect(sample(idle, DB_WAITING_METRIC)).toBe(0);
    expect(sample(idle, DB_CONNECTIONS_METRIC, { state: 'total' })).toBeLessThanOrEqual(POOL[dialect]);

    const gate = new Promise<void>((open) => (release = open));
    const held: Promise<unknown>[] = [];
    let started = 0;
    for (let i = 0; i < POOL[dialect]; i++) {
      held.push(
        t.platform.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          started++;
          await gate;
        }),
      );
    }
    await waitFor(async () => (started === POOL[dialect] ? true : undefined));
    // Only the pool's gauges: a whole scrape's own outbox count would queue behind the held connections.
    const pool = async () =>
      `${await t.platform.metrics.getSingleMetricAsString(DB_CONNECTIONS_METRIC)}\n${await t.platform.metrics.getSingleMetricAsString(DB_WAITING_METRIC)}`;
    const full = await pool();
    expect(sample(full, DB_CONNECTIONS_METRIC, { state: 'total' })).toBe(POOL[dialect]);
    expect(sample(full, DB_CONNECTIONS_METRIC, { state: 'idle' })).toBe(0);
    expect(sample(full, DB_WAITING_METRIC)).toBe(0);

    const late = sql`select 1`.execute(t.platform.db);
    expect(sample(await pool(), DB_WAITING_METRIC)).toBe(1);

    release();
    await Promise.all([...held, late]);
    const after = await scrape();
    expect(sample(after, DB_WAITING_METRIC)).toBe(0);
    expect(sample(after, DB_CONNECTIONS_METRIC, { state: 'total' })).toBe(POOL[dialect]);
  });
});

describe.runIf(redisServerInstalled)('Redis connection metrics', () => {
  let redis: ThrowawayRedis;
  let t: TestPlatform;
  const scrape = async () => (await t.request({ method: 'GET', url: '/metrics' })).body;
  const roles = ['platform', 'subscriber', 'push_queue'];

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    t = await startTestPlatform('sqlite', { REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await t.close();
    await redis.kill();
  });

  it('says which connections are up, by role, and answers at once while Redis is down', async () => {
    const up = await waitFor(async () => {
      const text = await scrape();
      return roles.every((role) => sample(text, REDIS_CONNECTED_METRIC, { role }) === 1) ? text : undefined;
    });
    expect(sample(up, RATE_LIMIT_FALLBACK_METRIC)).toBe(0);

    await redis.kill();
    const down = await waitFor(async () => {
      const text = await scrape();
      return roles.every((role) => sample(text, REDIS_CONNECTED_METRIC, { role }) === 0) ? text : undefined;
    });
    // The queue's depth is left out rather than waited for; the database's outbox is still read.
    expect(sample(down, 'miniapps_push_queue_depth', { stage: 'waiting' })).toBeUndefined();
    expect(sample(down, 'miniapps_push_queue_depth', { stage: 'outbox' })).toBe(0);
    const started = performance.now();
    await scrape();
    expect(performance.now() - started).toBeLessThan(500);

    await redis.start();
    await waitFor(async () => {
      const text = await scrape();
      return roles.every((role) => sample(text, REDIS_CONNECTED_METRIC, { role }) === 1) ? text : undefined;
    });
  });
});
