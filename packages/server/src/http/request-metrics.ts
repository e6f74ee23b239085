// The request-duration histogram, by method, route pattern and status: one instrument for Fastify's routes and the proxy's entry.
import type { Histogram, MetricValueWithName, Registry } from 'prom-client';

export type ObserveRequest = (method: string, route: string, status: number, seconds: number) => void;

const NAME = 'http_request_duration_seconds';
const HELP = 'HTTP request duration by method, route and status';
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10] as const;

/** One label set's observations: a count per bucket (not cumulative; the last is +Inf), sum and count. */
interface Series {
  labels: { method: string; route: string; status: string };
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * The same exposition as prom-client's Histogram (name, buckets, label order), kept in nested maps so
 * that an observation builds no key string and no label object: prom-client's `observe` (label
 * validation, key hashing, a closure per call) was a visible share of a proxied request's CPU
 * (bench/RESULTS.md). The route is always a pattern, never the raw URL, so the label set stays small.
 */
export function createRequestMetrics(registry: Registry): ObserveRequest {
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();

  function seriesOf(method: string, route: string, status: number): Series {
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
      series = {
        labels: { method, route, status: String(status) },
        buckets: BUCKETS.map(() => 0).concat(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    return series;
  }

  function values(): MetricValueWithName<string>[] {
    const values: MetricValueWithName<string>[] = [];
    for (const byMethod of byRoute.values()) {
      for (const byStatus of byMethod.values()) {
        for (const { labels, buckets, sum, count } of byStatus.values()) {
          // prom-client's shape: `le` as the line's own label, the series' labels after it.
          const line = (metricName: string, value: number, le?: number | string) =>
            ({
              metricName,
              value,
              labels: le === undefined ? {} : { le },
              sharedLabels: labels,
            }) as MetricValueWithName<string>;
          let cumulative = 0;
          BUCKETS.forEach((le, i) => {
            cumulative += buckets[i]!;
            values.push(line(`${NAME}_bucket`, cumulative, le));
          });
          values.push(
            line(`${NAME}_bucket`, count, '+Inf'),
            line(`${NAME}_sum`, sum),
            line(`${NAME}_count`, count),
          );
        }
      }
    }
    return values;
  }

  const metric = {
    name: NAME,
    help: HELP,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({ name: NAME, help: HELP, type: 'histogram', aggregator: 'sum', values: values() }),
    reset: () => byRoute.clear(),
  };
  // The registry reads a metric through `get()` alone; its type names only prom-client's own classes.
  registry.registerMetric(metric as unknown as Histogram);

  return (method, route, status, seconds) => {
    const series = seriesOf(method, route, status);
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]!++;
    series.sum += seconds;
    series.count++;
  };
}
