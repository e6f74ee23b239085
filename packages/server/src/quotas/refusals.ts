// The answers of a used-up quota: 422 `quota_exceeded` for a count, 429 `rate_limited` with Retry-After for a rate.
import { AppError } from '../errors.js';
import type { Message } from '../i18n/messages.js';
import type { RateLimit } from '../ratelimit/limiter.js';

/** A quota on how many things exist; its name is the `quota` of the refusal's details. */
export type CountQuota = 'orgs_per_user' | 'apps_per_org' | 'webhooks_per_app' | 'responses_per_app';
/** A quota on how many calls an app may make in a window. */
export type RateQuota =
  | 'deploys_per_app'
  | 'notify_per_app'
  | 'webhook_tests_per_app'
  /** Form responses of one user to one app (counted by `<app id>:<user id>`). */
  | 'responses_per_user';

/** 422 `quota_exceeded`: the limit in the message and in the details. */
export function quotaExceeded(quota: CountQuota, limit: number): AppError {
  return new AppError('quota_exceeded', { key: `quotas.${quota}`, values: { limit } }, { quota, limit });
}

/** 422 `quota_exceeded` for the hosted bytes of one version: how many it holds and how many are allowed. */
export function hostedBytesExceeded(used: number, limit: number): AppError {
  return new AppError(
    'quota_exceeded',
    { key: 'quotas.hosted_bytes_per_app', values: { used, limit, size: byteSize(limit) } },
    { quota: 'hosted_bytes_per_app', limit, used },
  );
}

/** 429 `rate_limited` with `Retry-After`; the message names the limit, its window and the wait. */
export function rateQuotaExceeded(quota: RateQuota, rate: RateLimit, retryAfterSeconds: number): AppError {
  const windowSeconds = Math.round(rate.windowMs / 1000);
  return new AppError(
    'rate_limited',
    {
      key: `quotas.${quota}`,
      values: { limit: rate.limit, window: duration(windowSeconds), wait: duration(retryAfterSeconds, true) },
    },
    { quota, limit: rate.limit, windowSeconds, retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * A span in its largest whole unit: `1 hour`, `5 minutes`, `90 seconds`. A wait (`roundUp`) of two minutes or
 * more is told in minutes, rounded up, so the text never promises an earlier retry than Retry-After does.
 */
function duration(seconds: number, roundUp = false): Message {
  if (seconds % 3600 === 0) return { key: 'quotas.hours', values: { n: seconds / 3600 } };
  if (seconds % 60 === 0) return { key: 'quotas.minutes', values: { n: seconds / 60 } };
  if (roundUp && seconds >= 120) return { key: 'quotas.minutes', values: { n: Math.ceil(seconds / 60) } };
  return { key: 'quotas.seconds', values: { n: seconds } };
}

/** Bytes as people read them, in the binary units the size settings use: `512 KB`, `5 MB`, `4.25 MB`. */
function byteSize(bytes: number): Message {
  if (bytes < 1024) return { key: 'quotas.bytes', values: { n: bytes } };
  const [n, key] =
    bytes < 1024 * 1024
      ? [bytes / 1024, 'quotas.kilobytes' as const]
      : [bytes / (1024 * 1024), 'quotas.megabytes' as const];
  return { key, values: { n: Number(n.toFixed(2)) } };
}
