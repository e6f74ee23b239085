// Writes a flush's tallies: counters added to what other nodes wrote (additive upserts), users inserted once.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { apiMetric, errorMetric, latencyMetric, OPENS, SCREEN_VIEWS } from './metric-names.js';
import type { Tallies, Tally } from './usage-buffer.js';

/** Rows per statement: well under SQLite's and PostgreSQL's bound on parameters (4 or 3 a row). */
const ROWS_PER_STATEMENT = 1000;

interface CounterRow {
  appId: string;
  day: string;
  metric: string;
  value: number;
}

function counterRows(appId: string, day: string, tally: Tally): CounterRow[] {
  const rows: CounterRow[] = [];
  const add = (metric: string, value: number) => {
    if (value > 0) rows.push({ appId, day, metric, value });
  };
  add(OPENS, tally.opens);
  add(SCREEN_VIEWS, tally.screenViews);
  for (const [statusClass, count] of tally.apiByClass.entries()) add(apiMetric(statusClass), count);
  for (const [code, count] of tally.errors) add(errorMetric(code), count);
  for (const [bucket, count] of tally.latency) add(latencyMetric(bucket), count);
  return rows;
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/**
 * One transaction: either every count of the flush is added or none is, so a failed flush can be tried
 * again with the same tallies without counting anything twice. Real user ids become the app's
 * pseudonymous ids here, off the request path.
 */
export async function writeTallies(
  db: Db,
  tallies: Tallies,
  appUserId: (appId: string, userId: string) => string,
): Promise<void> {
  const counters: CounterRow[] = [];
  const users: Array<{ appId: string; day: string; appUserId: string }> = [];
  for (const [day, apps] of tallies) {
    for (const [appId, tally] of apps) {
      counters.push(...counterRows(appId, day, tally));
      for (const userId of tally.users) users.push({ appId, day, appUserId: appUserId(appId, userId) });
    }
  }
  if (counters.length === 0 && users.length === 0) return;
  // Every node writes rows in the same order, so two concurrent flushes on PostgreSQL wait for each other
  // instead of deadlocking.
  counters.sort((a, b) => compare(a.appId, b.appId) || compare(a.day, b.day) || compare(a.metric, b.metric));
  users.sort(
    (a, b) => compare(a.appId, b.appId) || compare(a.day, b.day) || compare(a.appUserId, b.appUserId),
  );
  await db.transaction().execute(async (trx) => {
    for (const rows of chunks(counters)) {
      await trx
        .insertInto('appStatsCounters')
        .values(rows)
        .onConflict((conflict) =>
          conflict
            .columns(['appId', 'day', 'metric'])
            .doUpdateSet({ value: sql`app_stats_counters.value + excluded.value` }),
        )
        .execute();
    }
    for (const rows of chunks(users)) {
      await trx
        .insertInto('appStatsUsers')
        .values(rows)
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
