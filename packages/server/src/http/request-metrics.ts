// The request-duration histogram, by method, route pattern and status: one instrument for Fastify's routes and the proxy's entry.
import type { Registry } from 'prom-client';
import { createHistogram, type HistogramSeries } from './histogram.js';

export type ObserveRequest = (method: string, route: string, status: number, seconds: number) => void;

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10] as const;

/**
 * Series are kept in nested maps keyed by the values the caller already has, so an observation builds no
 * key string and no label object. The route is always a pattern, never the raw URL, so the set stays small.
 */
export function createRequestMetrics(registry: Registry): ObserveRequest {
  const histogram = createHistogram(registry, {
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    buckets: BUCKETS,
  });
  const byRoute = new Map<string, Map<string, Map<number, HistogramSeries>>>();
  histogram.onReset(() => byRoute.clear());

  function seriesOf(method: string, route: string, status: number): HistogramSeries {
    let byMethod = byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = histogram.series({ method, route, status: String(status) });
      byStatus.set(status, series);
    }
    return series;
  }

  return (method, route, status, seconds) => seriesOf(method, route, status).observe(seconds);
}
