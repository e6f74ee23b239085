// Picks the limiter: Redis when the platform has one (several nodes share the count), memory otherwise.
import type { Redis } from 'ioredis';
import type { Clock } from '../proxy/clock.js';
import type { RateLimit, RateLimiter } from './limiter.js';
import { createMemoryLimiter } from './memory-limiter.js';
import { createRedisLimiter } from './redis-limiter.js';

export type { RateDecision, RateLimit, RateLimiter } from './limiter.js';
export { PROXY_RATE_LIMIT } from './limiter.js';

export function createRateLimiter(
  rate: RateLimit,
  clock: Clock,
  redis: Redis | undefined,
  prefix: string,
): RateLimiter {
  return redis ? createRedisLimiter(redis, rate, clock, { prefix }) : createMemoryLimiter(rate, clock);
}
