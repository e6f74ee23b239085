// Picks the limiter: Redis when the platform has one (several nodes share the count), memory otherwise.
import type { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Clock } from '../infra/clock.js';
import type { Log } from '../log.js';
import { createFallbackLimiter } from './fallback-limiter.js';
import type { RateLimit, RateLimiter } from './limiter.js';
import { createMemoryLimiter } from './memory-limiter.js';
import { createRedisLimiter } from './redis-limiter.js';

export type { RateDecision, RateLimit, RateLimiter } from './limiter.js';
export { PROXY_RATE_LIMIT } from './limiter.js';

/** Gauge: 1 while this node's rate limit counts in memory because Redis is away, else 0. */
export const RATE_LIMIT_FALLBACK_METRIC = 'miniapps_rate_limit_fallback';
/** Counter: requests a rate limit refused (429), by limiter. */
export const RATE_LIMIT_REFUSALS_METRIC = 'miniapps_rate_limit_refusals_total';

export interface LimiterOptions {
  /** The `limiter` label of its refusals: `proxy` for the proxy's per-user limit. */
  name: string;
  redis: Redis | undefined;
  prefix: string;
  log: Log;
  metrics: Registry;
}

export function createRateLimiter(rate: RateLimit, clock: Clock, options: LimiterOptions): RateLimiter {
  const { redis, log } = options;
  // Counted where a limiter decides to refuse: nothing is added to the path of an admitted request.
  const refusals = refusalCounter(options.metrics).labels(options.name);
  const onRefused = () => refusals.inc();
  // Exposed at 0 from the start, so a rate over it is defined before the first refusal.
  refusals.inc(0);
  if (!redis) return createMemoryLimiter(rate, clock, onRefused);
  const away = fallbackState(options.metrics, log);
  return createFallbackLimiter(
    redis,
    createRedisLimiter(redis, rate, clock, { prefix: options.prefix, onRefused }),
    createMemoryLimiter(rate, clock, onRefused),
    {
      onFallback: (reason) => away.enter(options.name, reason),
      onRecovered: () => away.leave(),
    },
  );
}

interface FallbackState {
  enter(limiter: string, reason: string): void;
  leave(): void;
}

const fallbacks = new WeakMap<Registry, FallbackState>();

/**
 * The limiters of one registry (the proxy's and the quotas') share one Redis connection, so they leave and
 * return together: one gauge, 1 while they count in memory, and one log line when the first finds Redis gone
 * and one when Redis answers again, not one per limiter.
 */
function fallbackState(registry: Registry, log: Log): FallbackState {
  const known = fallbacks.get(registry);
  if (known) return known;
  const away = new Set<string>();
  new Gauge({
    name: RATE_LIMIT_FALLBACK_METRIC,
    help: 'Whether the rate limit counts per node in memory because Redis is unreachable (1) or in Redis (0)',
    registers: [registry],
    collect() {
      this.set(away.size > 0 ? 1 : 0);
    },
  });
  const state: FallbackState = {
    enter(limiter, reason) {
      if (away.size === 0) {
        log.warn(
          { reason, limiter },
          'rate limit: Redis unreachable, counting per node in memory until it is back',
        );
      }
      away.add(limiter);
    },
    // One answer from Redis says the connection is back for all of them: a limiter that is not called for a
    // while must not keep the gauge at 1. It returns to Redis itself at its next call (within 2 s).
    leave() {
      if (away.size === 0) return;
      away.clear();
      log.info('rate limit: counting in Redis again');
    },
  };
  fallbacks.set(registry, state);
  return state;
}

/** One counter per registry, whichever limiter asks first; each limiter then counts under its own label. */
function refusalCounter(registry: Registry): Counter<'limiter'> {
  const existing = registry.getSingleMetric(RATE_LIMIT_REFUSALS_METRIC);
  if (existing) return existing as Counter<'limiter'>;
  return new Counter({
    name: RATE_LIMIT_REFUSALS_METRIC,
    help: 'Requests refused by a rate limit (429), by limiter',
    labelNames: ['limiter'] as const,
    registers: [registry],
  });
}
