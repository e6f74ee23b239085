// Origin latency: how long remote origins take to answer proxied calls, by outcome class (2xx, 4xx, 5xx or the error code).
import type { Registry } from 'prom-client';
import { createHistogram, type HistogramSeries } from './histogram.js';

export const ORIGIN_LATENCY_METRIC = 'miniapps_origin_duration_seconds';

/** An answered call's status, or the proxy's error code when there was no usable answer. */
export type ObserveOrigin = (outcome: number | string, seconds: number) => void;

/** Up to the proxy's 10 s deadline: a call cut by it lands just past 10, in +Inf. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export function createOriginLatency(registry: Registry): ObserveOrigin {
  const histogram = createHistogram(registry, {
    name: ORIGIN_LATENCY_METRIC,
    help: 'Time from sending a proxied call to a remote origin to its whole answer (or failure), by outcome',
    buckets: BUCKETS,
  });
  // Status classes by hundred (index 2 is 2xx); error codes are a short, fixed list.
  const byClass: Array<HistogramSeries | undefined> = [];
  const byCode = new Map<string, HistogramSeries>();
  histogram.onReset(() => {
    byClass.length = 0;
    byCode.clear();
  });

  return (outcome, seconds) => {
    let series: HistogramSeries | undefined;
    if (typeof outcome === 'number') {
      const hundred = Math.floor(outcome / 100);
      series = byClass[hundred];
      if (series === undefined) {
        series = histogram.series({ outcome: `${hundred}xx` });
        byClass[hundred] = series;
      }
    } else {
      series = byCode.get(outcome);
      if (series === undefined) {
        series = histogram.series({ outcome });
        byCode.set(outcome, series);
      }
    }
    series.observe(seconds);
  };
}
