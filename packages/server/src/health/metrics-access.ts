// Decides who reads /metrics: open, off (404, as if it did not exist) or only with `Authorization: Bearer <METRICS_TOKEN>`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ObservabilityConfig } from '../config/observability.js';

export type MetricsAccess = 'allowed' | 'not_found' | 'unauthorized';

export function metricsAccess(
  config: ObservabilityConfig,
): (authorization: string | undefined) => MetricsAccess {
  if (config.metrics === 'off') return () => 'not_found';
  if (config.metrics === 'open' || config.metricsToken === undefined) return () => 'allowed';
  // Compared as digests so the comparison takes the same time whatever the length sent.
  const expected = digest(config.metricsToken);
  return (authorization) => {
    const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
    if (!match?.[1]) return 'unauthorized';
    return timingSafeEqual(digest(match[1]), expected) ? 'allowed' : 'unauthorized';
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
