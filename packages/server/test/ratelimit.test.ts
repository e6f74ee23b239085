// The rate limiters on their own: exact sliding windows in memory and in a real Redis, and the fallback between them.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { enforceRateLimit } from '../src/proxy/steps/rate-limit.js';
import { createFallbackLimiter } from '../src/ratelimit/fallback-limiter.js';
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

describe('the fallback limiter in front of Redis', () => {
  it('after a failed call counts in memory for 2 s, then lets one request probe Redis; one event each way', async () => {
    let now = 1_000;
    const spy = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const redis = { status: 'ready' } as unknown as Redis;
      let sharedCalls = 0;
      let redisUp = false;
      const shared: RateLimiter = {
        consume: async () => {
          sharedCalls++;
          if (!redisUp) throw new Error('Command timed out');
          return { allowed: true, remaining: 179 };
        },
        close: async () => {},
      };
      const events: string[] = [];
      const limiter = createFallbackLimiter(
        redis,
        shared,
        createMemoryLimiter(PROXY_RATE_LIMIT, new ManualClock()),
        {
          onFallback: (reason) => events.push(`fallback: ${reason}`),
          onRecovered: () => events.push('recovered'),
        },
      );

      // The failed call is counted in memory (the first of 180 there).
      expect(await limiter.consume('u')).toEqual({ allowed: true, remaining: 179 });
      expect(limiter.fallback).toBe(true);
      expect(sharedCalls).toBe(1);
      now += 1_999; // one millisecond short of the retry: still memory, Redis not asked
      expect(await limiter.consume('u')).toEqual({ allowed: true, remaining: 178 });
      expect(sharedCalls).toBe(1);
      now += 1; // at 2 s: one probe, which fails again and starts another 2 s
      expect(await limiter.consume('u')).toEqual({ allowed: true, remaining: 177 });
      expect(sharedCalls).toBe(2);
      expect(await limiter.consume('u')).toEqual({ allowed: true, remaining: 176 });
      expect(sharedCalls).toBe(2);
      redisUp = true;
      now += 2_000; // the next probe is answered: back to Redis
      expect(await limiter.consume('u')).toEqual({ allowed: true, remaining: 179 });
      expect(limiter.fallback).toBe(false);
      expect(await limiter.consume('u')).toEqual({ allowed: true, remaining: 179 });
      expect(sharedCalls).toBe(4);
      expect(events).toEqual(['fallback: Command timed out', 'recovered']);
    } finally {
      spy.mockRestore();
    }
  });

  it('while the connection is not ready it counts in memory without calling Redis', async () => {
    const redis = { status: 'reconnecting' } as unknown as Redis;
    let sharedCalls = 0;
    const shared: RateLimiter = {
      consume: () => {
        sharedCalls++;
        return { allowed: true, remaining: 0 };
      },
      close: async () => {},
    };
    const events: string[] = [];
    const limiter = createFallbackLimiter(
      redis,
      shared,
      createMemoryLimiter(PROXY_RATE_LIMIT, new ManualClock()),
      {
        onFallback: (reason) => events.push(reason),
        onRecovered: () => events.push('recovered'),
      },
    );
    expect(await consumeMany(limiter, 'u', 181)).toContainEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(sharedCalls).toBe(0);
    expect(events).toEqual(['Redis is reconnecting']);
  });
});
