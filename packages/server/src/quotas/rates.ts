// The per-app rate quotas (deploys, notify calls, webhook tests): one limiter each, shared through Redis when set.
import { RESPONSES_PER_USER_PER_MINUTE } from '@miniapps/contract';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { QuotasConfig } from '../config/quotas.js';
import type { Clock } from '../infra/clock.js';
import type { Log } from '../log.js';
import {
  createRateLimiter,
  type RateDecision,
  type RateLimit,
  type RateLimiter,
} from '../ratelimit/index.js';
import { type RateQuota, rateQuotaExceeded } from './refusals.js';

export interface RateQuotas {
  /**
   * Counts one call of `quota` under `key` (the app's id; `<app id>:<user id>` for responses); throws 429
   * `rate_limited` with Retry-After past the limit.
   */
  consume(quota: RateQuota, key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateQuotaOptions {
  redis: Redis | undefined;
  /** RATE_LIMIT_PREFIX: each quota's keys go under `<prefix>quota:<name>:`. */
  prefix: string;
  log: Log;
  metrics: Registry;
}

/**
 * The same sliding-window limiter as the proxy's, so a count is exact across nodes sharing Redis and exact on
 * one node without it; while Redis is away each node counts in memory (never unlimited).
 */
export function createRateQuotas(quotas: QuotasConfig, clock: Clock, options: RateQuotaOptions): RateQuotas {
  const rates: Record<RateQuota, RateLimit> = {
    deploys_per_app: quotas.deploysPerApp,
    notify_per_app: quotas.notifyPerApp,
    webhook_tests_per_app: quotas.webhookTestsPerApp,
    // A contract limit, not a setting: the renderer spec states it to app authors.
    responses_per_user: { limit: RESPONSES_PER_USER_PER_MINUTE, windowMs: 60_000 },
  };
  const limiters = new Map<RateQuota, RateLimiter>();
  for (const [quota, rate] of Object.entries(rates) as Array<[RateQuota, RateLimit]>) {
    limiters.set(
      quota,
      createRateLimiter(rate, clock, {
        name: quota,
        redis: options.redis,
        prefix: `${options.prefix}quota:${quota}:`,
        log: options.log,
        metrics: options.metrics,
      }),
    );
  }

  return {
    async consume(quota, key) {
      let decision: RateDecision;
      try {
        decision = await limiters.get(quota)!.consume(key);
      } catch (error) {
        // As the proxy does: a limiter that cannot answer lets the call through rather than fail it.
        options.log.warn({ err: error, quota }, 'rate quota unavailable; call let through');
        return;
      }
      if (!decision.allowed) throw rateQuotaExceeded(quota, rates[quota], decision.retryAfterSeconds);
    },
    async close() {
      for (const limiter of limiters.values()) await limiter.close();
    },
  };
}
