// The shared limiter with a stand-in: while Redis is away each node counts in its own memory, never unlimited.
import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './limiter.js';

export interface FallbackEvents {
  /** Called once when the limiter starts counting in memory, with why. */
  onFallback(reason: string): void;
  /** Called once when a Redis answer arrives again. */
  onRecovered(): void;
}

/** After a failed or timed-out call, requests skip Redis this long: a hung Redis costs one probe, not every request. */
const RETRY_REDIS_AFTER_MS = 2_000; // 2 s

/**
 * Each request goes to Redis while it is ready; when it is not, or the call fails (the connection's command
 * timeout bounds the wait), the same request is counted by `memory` instead, and so are the next ones for
 * RETRY_REDIS_AFTER_MS. During an outage a user may so get the limit once per node, never more. The first
 * Redis answer after an outage switches back; the memory counts are then left to expire.
 */
export function createFallbackLimiter(
  redis: Redis,
  shared: RateLimiter,
  memory: RateLimiter,
  events: FallbackEvents,
): RateLimiter & { readonly fallback: boolean } {
  let fallback = false;
  let skipUntil = 0;

  const enter = (reason: string) => {
    skipUntil = performance.now() + RETRY_REDIS_AFTER_MS;
    if (fallback) return;
    fallback = true;
    events.onFallback(reason);
  };
  const leave = (decision: RateDecision): RateDecision => {
    if (fallback) {
      fallback = false;
      events.onRecovered();
    }
    return decision;
  };

  function consume(key: string): RateDecision | Promise<RateDecision> {
    if (redis.status !== 'ready') {
      enter(`Redis is ${redis.status}`);
      return memory.consume(key);
    }
    if (fallback) {
      // One request at a time probes Redis; the others meanwhile are counted here.
      const now = performance.now();
      if (now < skipUntil) return memory.consume(key);
      skipUntil = now + RETRY_REDIS_AFTER_MS;
    }
    let answer: RateDecision | Promise<RateDecision>;
    try {
      answer = shared.consume(key);
    } catch (error) {
      enter((error as Error).message);
      return memory.consume(key);
    }
    return Promise.resolve(answer).then(leave, (error: unknown) => {
      enter((error as Error).message);
      return memory.consume(key);
    });
  }

  return {
    consume,
    get fallback() {
      return fallback;
    },
    async close() {
      await memory.close();
      await shared.close();
    },
  };
}
