// A Prometheus histogram for hot paths: a label set's series is made once and kept, so an observation builds nothing.
import type { Histogram, MetricValueWithName, Registry } from 'prom-client';

/** One label set's observations: a count per bucket (not cumulative; the last is +Inf), sum and count. */
export class HistogramSeries {
  readonly buckets: number[];
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.buckets = bounds.map(() => 0).concat(0);
  }

  observe(seconds: number): void {
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && seconds > bounds[bucket]!) bucket++;
    this.buckets[bucket]!++;
    this.sum += seconds;
    this.count++;
  }
}

export interface HistogramOptions {
  name: string;
  help: string;
  /** Upper bounds in seconds, ascending; +Inf is added. */
  buckets: readonly number[];
}

/**
 * The same exposition as prom-client's Histogram (name, buckets, label order), without its per-call work:
 * prom-client's `observe` validates the labels, hashes them into a key and makes a closure on every call,
 * which was a visible share of a proxied request's CPU (bench/RESULTS.md). The caller keeps the series it
 * gets from `series()` (in maps of its own, keyed by the label values it already has) and observes into it.
 */
export function createHistogram(registry: Registry, options: HistogramOptions) {
  const { name, help, buckets } = options;
  const all: HistogramSeries[] = [];

  function values(): MetricValueWithName<string>[] {
    const values: MetricValueWithName<string>[] = [];
    for (const series of all) {
      // prom-client's shape: `le` as the line's own label, the series' labels after it.
      const line = (metricName: string, value: number, le?: number | string) =>
        ({
          metricName,
          value,
          labels: le === undefined ? {} : { le },
          sharedLabels: series.labels,
        }) as MetricValueWithName<string>;
      let cumulative = 0;
      buckets.forEach((le, i) => {
        cumulative += series.buckets[i]!;
        values.push(line(`${name}_bucket`, cumulative, le));
      });
      values.push(
        line(`${name}_bucket`, series.count, '+Inf'),
        line(`${name}_sum`, series.sum),
        line(`${name}_count`, series.count),
      );
    }
    return values;
  }

  const reset: Array<() => void> = [];
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: values() }),
    reset: () => {
      all.length = 0;
      for (const forget of reset) forget();
    },
  };
  // The registry reads a metric through `get()` alone; its type names only prom-client's own classes.
  registry.registerMetric(metric as unknown as Histogram);

  return {
    /** A new series for these labels; the caller keeps it and asks again only for a new label set. */
    series(labels: Record<string, string>): HistogramSeries {
      const series = new HistogramSeries(labels, buckets);
      all.push(series);
      return series;
    },
    /** Called when the registry resets: the caller's kept series are then gone and must be forgotten. */
    onReset(forget: () => void): void {
      reset.push(forget);
    },
  };
}
