// Retention of usage statistics: a day's figures are kept STATS_RETENTION_DAYS days (today included), then deleted.
import { STATS_RETENTION_DAYS } from '@miniapps/contract';
import type { Db } from '../db/database.js';
import { DAY_MS, utcDay } from './usage-buffer.js';

/** The oldest day still kept on the UTC day of `now`. */
export function oldestKeptDay(now: number): string {
  return utcDay(now - (STATS_RETENTION_DAYS - 1) * DAY_MS);
}

export async function pruneStats(db: Db, now: number): Promise<void> {
  const oldest = oldestKeptDay(now);
  await db.deleteFrom('appStatsCounters').where('day', '<', oldest).execute();
  await db.deleteFrom('appStatsUsers').where('day', '<', oldest).execute();
}
