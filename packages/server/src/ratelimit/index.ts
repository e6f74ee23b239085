// Picks the limiter: Redis when the platform has one (several nodes share the count), memory otherwise.
import type { Redis } from 'ioredis';
import { Gauge, type Registry } from 'prom-client';
import type { Log } from '../log.js';
import type { Clock } from '../proxy/clock.js';
import { createFallbackLimiter } from './fallback-limiter.js';
import type { RateLimit, RateLimiter } from './limiter.js';
import { createMemoryLimiter } from './memory-limiter.js';
import { createRedisLimiter } from './redis-limiter.js';

export type { RateDecision, RateLimit, RateLimiter } from './limiter.js';
export { PROXY_RATE_LIMIT } from './limiter.js';

/** Gauge: 1 while this node's rate limit counts in memory because Redis is away, else 0. */
export const RATE_LIMIT_FALLBACK_METRIC = 'miniapps_rate_limit_fallback';

export interface LimiterOptions {
  redis: Redis | undefined;
  prefix: string;
  log: Log;
  metrics: Registry;
}

export function createRateLimiter(rate: RateLimit, clock: Clock, options: LimiterOptions): RateLimiter {
  const { redis, log } = options;
  if (!redis) return createMemoryLimiter(rate, clock);
  const gauge = new Gauge({
    name: RATE_LIMIT_FALLBACK_METRIC,
    help: 'Whether the rate limit counts per node in memory because Redis is unreachable (1) or in Redis (0)',
    registers: [options.metrics],
  });
  gauge.set(0);
  return createFallbackLimiter(
    redis,
    createRedisLimiter(redis, rate, clock, { prefix: options.prefix }),
    createMemoryLimiter(rate, clock),
    {
      onFallback(reason) {
        gauge.set(1);
        log.warn({ reason }, 'rate limit: Redis unreachable, counting per node in memory until it is back');
      },
      onRecovered() {
        gauge.set(0);
        log.info('rate limit: counting in Redis again');
      },
    },
  );
}
