// The day range of a stats request: two UTC calendar dates, from ≤ to, at most STATS_RETENTION_DAYS days, today's month by default.

import { STATS_RETENTION_DAYS } from '@miniapps/contract';
import { AppError } from '../errors.js';
import { DAY_MS, utcDay } from './usage-buffer.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Days shown when the request names no range: the last 30, today included. */
export const DEFAULT_DAYS = 30;

export interface StatsRange {
  from: string;
  to: string;
  /** Every day of the range, in order. */
  days: string[];
}

/** Milliseconds of a YYYY-MM-DD that is a real calendar date, or undefined (2026-02-30 is not). */
function dayStart(text: string): number | undefined {
  if (!DATE.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isNaN(ms) || utcDay(ms) !== text ? undefined : ms;
}

function parseDay(name: 'from' | 'to', text: string): number {
  const ms = dayStart(text);
  if (ms === undefined)
    throw new AppError('bad_request', { key: 'stats.bad_date', values: { name, value: text } });
  return ms;
}

export function statsRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: number,
): StatsRange {
  const toMs = query.to === undefined ? parseDay('to', utcDay(now)) : parseDay('to', query.to);
  const fromMs = query.from === undefined ? toMs - (DEFAULT_DAYS - 1) * DAY_MS : parseDay('from', query.from);
  if (fromMs > toMs) throw new AppError('bad_request', { key: 'stats.from_after_to' });
  const count = Math.round((toMs - fromMs) / DAY_MS) + 1;
  if (count > STATS_RETENTION_DAYS) {
    throw new AppError('bad_request', {
      key: 'stats.range_too_long',
      values: { days: count, max: STATS_RETENTION_DAYS },
    });
  }
  const days = Array.from({ length: count }, (_, i) => utcDay(fromMs + i * DAY_MS));
  return { from: days[0]!, to: days[count - 1]!, days };
}
