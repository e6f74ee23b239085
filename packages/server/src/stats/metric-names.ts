// The names of the counters stored per app and day (app_stats_counters.metric): the writer and the reader share them.

export const OPENS = 'opens';
export const SCREEN_VIEWS = 'screen_views';
const API = 'api_';
const ERROR = 'error:';
const LATENCY = 'latency:';

export const apiMetric = (statusClass: number) => `${API}${statusClass}xx`;
export const errorMetric = (code: string) => `${ERROR}${code}`;
export const latencyMetric = (bucket: number) => `${LATENCY}${bucket}`;

/** What a stored metric name counts. */
export type ParsedMetric =
  | { kind: 'opens' | 'screenViews' }
  | { kind: 'api'; statusClass: string }
  | { kind: 'error'; code: string }
  | { kind: 'latency'; bucket: number }
  | { kind: 'unknown' };

export function parseMetric(metric: string): ParsedMetric {
  if (metric === OPENS) return { kind: 'opens' };
  if (metric === SCREEN_VIEWS) return { kind: 'screenViews' };
  if (metric.startsWith(API)) return { kind: 'api', statusClass: metric.slice(API.length) };
  if (metric.startsWith(ERROR)) return { kind: 'error', code: metric.slice(ERROR.length) };
  if (metric.startsWith(LATENCY)) return { kind: 'latency', bucket: Number(metric.slice(LATENCY.length)) };
  return { kind: 'unknown' };
}
