// Step 2: 180 proxy requests per minute per user, all mini-apps together; the 181st is 429 with Retry-After.
import { AppError } from '../errors.js';
import type { RateLimiter } from '../ratelimit/index.js';

/**
 * A limiter that cannot answer (Redis away) lets the request through and reports it: a blip in
 * shared state should not take every mini-app down, and the origin still has its own limits.
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  userId: string,
  onLimiterError: (error: unknown) => void,
): Promise<void> {
  let decision: Awaited<ReturnType<RateLimiter['consume']>>;
  try {
    decision = await limiter.consume(`user:${userId}`);
  } catch (error) {
    onLimiterError(error);
    return;
  }
  if (!decision.allowed) {
    const seconds = decision.retryAfterSeconds;
    throw new AppError(
      'rate_limited',
      `More than 180 requests in a minute; try again in ${seconds} s.`,
      { retryAfterSeconds: seconds },
      { 'retry-after': String(seconds) },
    );
  }
}
