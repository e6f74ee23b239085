// The rate limiter's interface: one call per request, answering admit or refuse with when to retry.
import { PROXY_RATE_PER_MINUTE } from '@miniapps/contract';

export type RateDecision =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Counts one request for the key and says whether it is within the limit: at once when the count
   * is in this process (no promise, no turn of the event loop on the proxy's path), later when it is not.
   */
  consume(key: string): RateDecision | Promise<RateDecision>;
  close(): Promise<void>;
}

export interface RateLimit {
  /** Requests admitted per window. */
  limit: number;
  /** Length of the sliding window in milliseconds. */
  windowMs: number;
}

/** docs/contract.md "Limits": 180 requests per minute per user, all mini-apps together. */
export const PROXY_RATE_LIMIT: RateLimit = { limit: PROXY_RATE_PER_MINUTE, windowMs: 60_000 };

/** Whole seconds until a refused caller may try again; never 0, so clients do not spin. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
