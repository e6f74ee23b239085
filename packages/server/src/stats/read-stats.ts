// An app's figures per day over a range: the counters, the distinct users, and the pushes from the notifications' own counts.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { quantileMs } from './latency-histogram.js';
import { parseMetric } from './metric-names.js';
import type { StatsRange } from './stats-range.js';
import { DAY_MS, utcDay } from './usage-buffer.js';

export interface DayStats {
  day: string;
  opens: number;
  users: number;
  screenViews: number;
  /** Api calls by the status class answered: `2xx`, `3xx`, `4xx`, `5xx`. */
  apiCalls: Record<ApiClass, number>;
  /** Proxy errors by the code answered (origin failures, refused paths…). */
  proxyErrors: Record<string, number>;
  /** Origin latency quantiles in ms (upper bounds of 9 % buckets); null on a day without requests. */
  latencyMs: { p50: number; p95: number } | null;
  /** Device messages queued, accepted by a provider, failed, for pushes made that day. */
  pushes: { sent: number; delivered: number; failed: number };
}

type ApiClass = '2xx' | '3xx' | '4xx' | '5xx';
const isApiClass = (text: string): text is ApiClass => ['2xx', '3xx', '4xx', '5xx'].includes(text);

interface Building extends DayStats {
  histogram: Map<number, number>;
}

function emptyDay(day: string): Building {
  return {
    day,
    opens: 0,
    users: 0,
    screenViews: 0,
    apiCalls: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    proxyErrors: {},
    latencyMs: null,
    pushes: { sent: 0, delivered: 0, failed: 0 },
    histogram: new Map(),
  };
}

/** Every day of the range, zeros where nothing happened. */
export async function readStats(db: Db, appId: string, range: StatsRange): Promise<DayStats[]> {
  const byDay = new Map(range.days.map((day) => [day, emptyDay(day)]));
  const [counters, users, pushes] = await Promise.all([
    db
      .selectFrom('appStatsCounters')
      .select(['day', 'metric', 'value'])
      .where('appId', '=', appId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute(),
    db
      .selectFrom('appStatsUsers')
      .select(['day', (eb) => eb.fn.countAll<number | string>().as('users')])
      .where('appId', '=', appId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('day')
      .execute(),
    pushesByDay(db, appId, range),
  ]);
  for (const row of counters) {
    const day = byDay.get(row.day);
    if (!day) continue;
    const value = Number(row.value);
    const metric = parseMetric(row.metric);
    if (metric.kind === 'opens') day.opens += value;
    else if (metric.kind === 'screenViews') day.screenViews += value;
    else if (metric.kind === 'api' && isApiClass(metric.statusClass))
      day.apiCalls[metric.statusClass] += value;
    else if (metric.kind === 'error')
      day.proxyErrors[metric.code] = (day.proxyErrors[metric.code] ?? 0) + value;
    else if (metric.kind === 'latency') day.histogram.set(metric.bucket, value);
  }
  for (const row of users) {
    const day = byDay.get(row.day);
    if (day) day.users = Number(row.users);
  }
  for (const row of pushes) {
    const day = byDay.get(row.day);
    if (day)
      day.pushes = { sent: Number(row.sent), delivered: Number(row.delivered), failed: Number(row.failed) };
  }
  return [...byDay.values()].map(({ histogram, ...day }) => {
    const p50 = quantileMs(histogram, 0.5);
    const p95 = quantileMs(histogram, 0.95);
    return { ...day, latencyMs: p50 === undefined || p95 === undefined ? null : { p50, p95 } };
  });
}

/**
 * Pushes are counted where they are already recorded, on the notification row (kept for good), by the UTC
 * day it was made: no second bookkeeping that could disagree with the push history.
 */
async function pushesByDay(db: Db, appId: string, range: StatsRange) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  return db
    .selectFrom('notifications')
    .select((eb) => [
      day.as('day'),
      eb.fn.sum<number | string>('devices').as('sent'),
      eb.fn.sum<number | string>('accepted').as('delivered'),
      eb.fn.sum<number | string>('failed').as('failed'),
    ])
    .where('appId', '=', appId)
    .where('createdAt', '>=', `${range.from}T00:00:00.000Z`)
    .where('createdAt', '<', `${utcDay(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS)}T00:00:00.000Z`)
    .groupBy(day)
    .execute();
}
