// Usage statistics of one process: counts proxied requests in memory and flushes them to the database every second.

import { createAppUserIds } from '../auth/app-user.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../infra/clock.js';
import type { Log } from '../log.js';
import type { Platform } from '../platform.js';
import { deriveKey } from '../signing/keys.js';
import { pruneStats } from './retention.js';
import { type ProxyUse, UsageBuffer } from './usage-buffer.js';
import { writeTallies } from './write-usage.js';

/**
 * Counts reach the database within FLUSH_EVERY_MS plus one write, inside the 5 s even when a
 * write waits a while for SQLite's lock; a flush with nothing to write does nothing.
 */
export const FLUSH_EVERY_MS = 1_000; // 1 s
/** Retention runs at start-up and then this often on every node (deleting old days is idempotent). */
const PRUNE_EVERY_MS = 3_600_000; // 1 h

export interface UsageStats {
  /** Called by the proxy once a request is answered; never waits, never throws. */
  proxied(use: ProxyUse): void;
  /** Writes what was counted so far; a failure keeps the counts for the next flush and rejects. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (graceful shutdown). */
  close(): Promise<void>;
}

export interface UsageStatsOptions {
  db: Db;
  clock: Clock;
  log: Log;
  /** The app's pseudonymous id of a user (auth/app-user.ts). */
  appUserId: (appId: string, userId: string) => string;
  flushEveryMs?: number;
}

export function startUsageStats(options: UsageStatsOptions): UsageStats {
  const { db, clock, log, appUserId } = options;
  const buffer = new UsageBuffer();
  let running: Promise<void> | undefined;
  let nextPrune = 0;

  async function writeOnce(): Promise<void> {
    const now = clock.now();
    if (!buffer.empty) {
      const taken = buffer.take();
      try {
        await writeTallies(db, taken, appUserId);
      } catch (error) {
        // The transaction wrote nothing: the counts go back and ride with the next flush.
        buffer.restore(taken);
        throw error;
      }
    }
    if (now >= nextPrune) {
      nextPrune = now + PRUNE_EVERY_MS;
      await pruneStats(db, now);
    }
  }

  /** One flush at a time: a second caller waits for the running one, then writes what came since. */
  function flush(): Promise<void> {
    const next = (running ?? Promise.resolve()).catch(() => {}).then(writeOnce);
    running = next;
    return next.finally(() => {
      if (running === next) running = undefined;
    });
  }

  const timer = setInterval(() => {
    flush().catch((error: unknown) =>
      log.warn({ err: String(error) }, 'usage statistics not written; kept for the next flush'),
    );
  }, options.flushEveryMs ?? FLUSH_EVERY_MS);
  timer.unref();

  return {
    proxied(use) {
      buffer.record(clock.now(), use);
    },
    flush,
    async close() {
      clearInterval(timer);
      try {
        await flush();
      } catch (error) {
        log.error(
          { err: String(error) },
          'usage statistics lost at shutdown: the database did not take them',
        );
      }
    },
  };
}

/** The platform's usage statistics: its database, its clock (a test's ManualClock moves the day) and its app-user ids. */
export function usageStatsFor(platform: Platform): UsageStats {
  return startUsageStats({
    db: platform.database.db,
    clock: { now: () => platform.clock.now() },
    log: platform.log,
    appUserId: createAppUserIds(deriveKey(platform.config.keys.platformKey, 'app-user-id')),
  });
}
