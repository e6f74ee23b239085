// The two rate limiters on their own: exact sliding windows in memory and in a real Redis, with a clock moved by hand.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/proxy/clock.js';
import { enforceRateLimit } from '../src/proxy/rate-limit-step.js';
import type { RateLimiter } from '../src/ratelimit/index.js';
import { PROXY_RATE_LIMIT } from '../src/ratelimit/limiter.js';
import { createMemoryLimiter } from '../src/ratelimit/memory-limiter.js';
import { createRedisLimiter } from '../src/ratelimit/redis-limiter.js';

const redisUrl = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
afterAll(async () => {
  for (const redis of connections) await redis.quit();
});

type Make = (clock: ManualClock) => Promise<RateLimiter>;

function redisLimiterFactory(prefix: string): Make {
  return async (clock) => {
    const redis = new Redis(redisUrl!);
    connections.push(redis);
    if (redis.status !== 'ready') await once(redis, 'ready');
    return createRedisLimiter(redis, PROXY_RATE_LIMIT, clock, { prefix });
  };
}

const kinds: Array<[string, () => Make]> = [
  ['memory', () => async (clock) => createMemoryLimiter(PROXY_RATE_LIMIT, clock)],
];
if (redisUrl) kinds.push(['redis', () => redisLimiterFactory(`test:rl:${randomBytes(6).toString('hex')}:`)]);

async function consumeMany(limiter: RateLimiter, key: string, count: number) {
  const decisions = [];
  for (let i = 0; i < count; i++) decisions.push(await limiter.consume(key));
  return decisions;
}

describe.each(kinds)('the %s limiter', (_kind, factory) => {
  it('admits 180 in a minute and refuses the 181st, with the wait until a slot frees', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const limiter = await factory()(clock);
    const decisions = await consumeMany(limiter, 'user:a', 180);
    expect(decisions.every((d) => d.allowed)).toBe(true);
    clock.advance(15_000);
    expect(await limiter.consume('user:a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    await limiter.close();
  });

  it('slides: a slot frees exactly one window after the request that took it', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const limiter = await factory()(clock);
    await consumeMany(limiter, 'user:b', 90);
    clock.advance(30_000);
    await consumeMany(limiter, 'user:b', 90);
    clock.advance(29_999);
    expect((await limiter.consume('user:b')).allowed).toBe(false);
    clock.advance(1);
    // The first 90 are now a full minute old: 90 more fit, then the wall again.
    const next = await consumeMany(limiter, 'user:b', 91);
    expect(next.filter((d) => d.allowed)).toHaveLength(90);
    expect(next.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    await limiter.close();
  });

  it('counts each key on its own', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const limiter = await factory()(clock);
    await consumeMany(limiter, 'user:c', 180);
    expect((await limiter.consume('user:c')).allowed).toBe(false);
    expect((await limiter.consume('user:d')).allowed).toBe(true);
    await limiter.close();
  });

  it('a refused request does not use up a slot', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const limiter = await factory()(clock);
    await consumeMany(limiter, 'user:e', 180);
    for (let i = 0; i < 50; i++) expect((await limiter.consume('user:e')).allowed).toBe(false);
    clock.advance(60_000);
    const after = await consumeMany(limiter, 'user:e', 181);
    expect(after.filter((d) => d.allowed)).toHaveLength(180);
    await limiter.close();
  });
});

describe.skipIf(!redisUrl)('the Redis limiter shared by several nodes', () => {
  it('two limiters on two connections, racing, admit exactly 180 between them', async () => {
    const make = redisLimiterFactory(`test:rl:${randomBytes(6).toString('hex')}:`);
    const clock = new ManualClock(1_700_000_000_000);
    const [a, b] = await Promise.all([make(clock), make(clock)]);
    const all = await Promise.all(
      Array.from({ length: 400 }, (_, i) => ((i % 2 === 0 ? a : b) as RateLimiter).consume('user:shared')),
    );
    expect(all.filter((d) => d.allowed)).toHaveLength(180);
    expect(all.filter((d) => !d.allowed)).toHaveLength(220);
  });

  it('keys expire with their window, so idle users leave nothing behind', async () => {
    const prefix = `test:rl:${randomBytes(6).toString('hex')}:`;
    const limiter = await redisLimiterFactory(prefix)(new ManualClock());
    await limiter.consume('user:idle');
    const redis = connections.at(-1)!;
    const ttl = await redis.pttl(`${prefix}user:idle`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('the proxy step in front of the limiter', () => {
  it('a refusal is 429 rate_limited with Retry-After; a limiter that cannot answer lets the request through', async () => {
    const refusing: RateLimiter = {
      consume: async () => ({ allowed: false, retryAfterSeconds: 7 }),
      close: async () => {},
    };
    await expect(enforceRateLimit(refusing, 'u', () => {})).rejects.toMatchObject({
      code: 'rate_limited',
      status: 429,
      headers: { 'retry-after': '7' },
    });
    const reported: unknown[] = [];
    const broken: RateLimiter = {
      consume: async () => {
        throw new Error('redis: connection refused');
      },
      close: async () => {},
    };
    await expect(enforceRateLimit(broken, 'u', (error) => reported.push(error))).resolves.toBeUndefined();
    expect(reported).toHaveLength(1);
  });

  it('answers at once, without a promise, when the limiter counts in memory', () => {
    const limiter = createMemoryLimiter({ limit: 1, windowMs: 60_000 }, new ManualClock());
    expect(enforceRateLimit(limiter, 'u', () => {})).toBeUndefined();
    expect(() => enforceRateLimit(limiter, 'u', () => {})).toThrow(
      expect.objectContaining({ code: 'rate_limited', status: 429 }),
    );
  });
});

describe('the Redis limiter while Redis is away', () => {
  it('fails at once instead of waiting for a reconnect', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    const limiter = createRedisLimiter(redis, PROXY_RATE_LIMIT, new ManualClock(), { prefix: 'x:' });
    const started = Date.now();
    await expect(limiter.consume('user:a')).rejects.toThrow(/not ready/);
    expect(Date.now() - started).toBeLessThan(100);
    redis.disconnect();
  });
});
