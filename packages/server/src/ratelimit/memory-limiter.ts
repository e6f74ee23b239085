// Sliding-window rate limiter in this process's memory: exact, for one node.
import type { Clock } from '../infra/clock.js';
import { type RateDecision, type RateLimit, type RateLimiter, retryAfterSeconds } from './limiter.js';

/** The times of a key's most recent admitted requests, oldest first once the ring is full. */
interface Log {
  times: number[];
  /** Index of the oldest entry when `times` is full. */
  oldest: number;
}

/** How often keys idle for a whole window are forgotten. */
const SWEEP_MS = 60_000;

/**
 * Keeps at most `limit` timestamps per key: a request is admitted when fewer than `limit` were
 * admitted in the last window, i.e. when the `limit`-th most recent one is older than the window.
 * O(1) per request; memory grows with a key's real use, up to `limit` numbers.
 */
export function createMemoryLimiter(
  rate: RateLimit,
  clock: Clock,
  onRefused: () => void = () => {},
): RateLimiter {
  const logs = new Map<string, Log>();

  const sweep = setInterval(() => {
    const cutoff = clock.now() - rate.windowMs;
    for (const [key, log] of logs) {
      const newest = log.times[(log.oldest + log.times.length - 1) % log.times.length] ?? 0;
      if (newest <= cutoff) logs.delete(key);
    }
  }, SWEEP_MS);
  sweep.unref();

  function consume(key: string): RateDecision {
    const now = clock.now();
    let log = logs.get(key);
    if (!log) {
      log = { times: [], oldest: 0 };
      logs.set(key, log);
    }
    if (log.times.length < rate.limit) {
      log.times.push(now);
      return { allowed: true, remaining: rate.limit - log.times.length };
    }
    const oldest = log.times[log.oldest] ?? 0;
    if (now - oldest < rate.windowMs) {
      onRefused();
      return { allowed: false, retryAfterSeconds: retryAfterSeconds(oldest + rate.windowMs - now) };
    }
    log.times[log.oldest] = now;
    log.oldest = (log.oldest + 1) % rate.limit;
    return { allowed: true, remaining: 0 };
  }

  return {
    consume,
    async close() {
      clearInterval(sweep);
      logs.clear();
    },
  };
}
