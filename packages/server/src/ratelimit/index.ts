// Picks the limiter: Redis when the platform has one (several nodes share the count), memory otherwise.
import type { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
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
  const away = fallbackState(options.metrics);
  return createFallbackLimiter(
    redis,
    createRedisLimiter(redis, rate, clock, { prefix: options.prefix, onRefused }),
    createMemoryLimiter(rate, clock, onRefused),
    {
      onFallback(reason) {
        away.add(options.name);
        log.warn(
          { reason, limiter: options.name },
          'rate limit: Redis unreachable, counting per node in memory until it is back',
        );
      },
      onRecovered() {
        away.delete(options.name);
        log.info({ limiter: options.name }, 'rate limit: counting in Redis again');
      },
    },
  );
}

const fallbacks = new WeakMap<Registry, Set<string>>();

/**
 * The limiters of one registry (the proxy's and the quotas') share one gauge: 1 while any of them counts in
 * memory. They share one Redis connection too, so they leave and return together in practice.
 */
function fallbackState(registry: Registry): Set<string> {
  let away = fallbacks.get(registry);
  if (away) return away;
  const names = new Set<string>();
  away = names;
  fallbacks.set(registry, names);
  new Gauge({
    name: RATE_LIMIT_FALLBACK_METRIC,
    help: 'Whether the rate limit counts per node in memory because Redis is unreachable (1) or in Redis (0)',
    registers: [registry],
    collect() {
      this.set(names.size > 0 ? 1 : 0);
    },
  });
  return names;
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
