// Sliding-window rate limiter in Redis, shared by every node: one atomic script call per request.
import type { Redis } from 'ioredis';
import type { Clock } from '../infra/clock.js';
import { type RateDecision, type RateLimit, type RateLimiter, retryAfterSeconds } from './limiter.js';

/**
 * A sorted set per key holds the admitted requests of the last window, scored by time. The script
 * trims, counts and adds in one step, so concurrent nodes can never admit more than the limit.
 * Answers {1, remaining} or {0, milliseconds until the oldest entry leaves the window}.
 */
const SLIDING_WINDOW = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, limit - count - 1}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}
`;

interface LimiterCommands {
  miniappsSlidingWindow(
    key: string,
    now: number,
    windowMs: number,
    limit: number,
    member: string,
  ): Promise<[number, number]>;
}

export interface RedisLimiterOptions {
  /** Prefix of every key, so several platforms (or test runs) can share one Redis. */
  prefix: string;
  /** Told of each refusal (the refusals metric). */
  onRefused?: () => void;
}

/**
 * Times come from the nodes' clocks (synchronized in any real deployment), which keeps one clock
 * for both limiters and lets tests move time. Members are unique per node and request.
 */
export function createRedisLimiter(
  redis: Redis,
  rate: RateLimit,
  clock: Clock,
  options: RedisLimiterOptions,
): RateLimiter {
  if (!('miniappsSlidingWindow' in redis)) {
    redis.defineCommand('miniappsSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW });
  }
  const commands = redis as unknown as LimiterCommands;
  const node = Math.random().toString(36).slice(2, 10);
  let sequence = 0;

  async function consume(key: string): Promise<RateDecision> {
    // Never queue behind a reconnecting client: the caller lets requests through while Redis is away.
    if (redis.status !== 'ready') throw new Error(`Redis is not ready (${redis.status})`);
    sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
    const [allowed, value] = await commands.miniappsSlidingWindow(
      `${options.prefix}${key}`,
      clock.now(),
      rate.windowMs,
      rate.limit,
      `${node}:${sequence}`,
    );
    if (allowed === 1) return { allowed: true, remaining: value };
    options.onRefused?.();
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(value) };
  }

  // The Redis connection belongs to the platform, which closes it.
  return { consume, close: async () => {} };
}
