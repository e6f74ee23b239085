// Step 2: 180 proxy requests per minute per user, all mini-apps together; the 181st is 429 with Retry-After.
import { AppError } from '../../errors.js';
import type { RateDecision, RateLimiter } from '../../ratelimit/index.js';

/**
 * A limiter that cannot answer (Redis away) lets the request through and reports it: a blip in
 * shared state should not take every mini-app down, and the origin still has its own limits.
 * The in-memory limiter answers at once, and so does this step then (no promise). The user id is the
 * key as it is: users are all this limiter counts, and the id's string comes from the remembered
 * token, so no new key is built and hashed per request.
 */
export function enforceRateLimit(
  limiter: RateLimiter,
  userId: string,
  onLimiterError: (error: unknown) => void,
): void | Promise<void> {
  let decision: RateDecision | Promise<RateDecision>;
  try {
    decision = limiter.consume(userId);
  } catch (error) {
    onLimiterError(error);
    return;
  }
  if (decision instanceof Promise) {
    return decision.then(refuseOverLimit, (error: unknown) => {
      onLimiterError(error);
    });
  }
  refuseOverLimit(decision);
}

function refuseOverLimit(decision: RateDecision): void {
  if (decision.allowed) return;
  const seconds = decision.retryAfterSeconds;
  throw new AppError(
    'rate_limited',
    { key: 'proxy.rate_limited', values: { seconds } },
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );
}
