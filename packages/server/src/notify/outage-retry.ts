// Push jobs while the database is unreachable: run again after a pause that doubles from 1 s up to 30 s, never given up.
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { Log } from '../log.js';
import type { JobHandler } from './queue.js';

const FIRST_PAUSE_MS = 1_000; // 1 s
/** The longest pause: a chunk goes on at most this long after the database is back. */
export const MAX_OUTAGE_PAUSE_MS = 30_000; // 30 s

/**
 * The pause before the `n`-th run again (from 1) of a chunk that found the database away: 1 s, 2 s, 4 s … capped
 * at 30 s, each taken from its upper half at random so that nodes and chunks do not all come back at once.
 */
export function outagePause(n: number, random: () => number = Math.random): number {
  const full = Math.min(MAX_OUTAGE_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (n - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

/**
 * Without this, a chunk that meets an outage fails like any job: five tries within 15 s, then it waits for the
 * maintenance sweep (resumes sends older than 5 minutes, every 5 minutes), so an outage of 20 s held pushes for
 * up to 10 minutes. Here such a failure is no failure: the job asks to run again (`againInMs`, which both queues
 * honour) after `outagePause`, as long as the outage lasts; any other error is thrown as before.
 */
export function retryThroughOutage(handler: JobHandler, log: Log): JobHandler {
  // Chunks that met the outage, with how many times; gone once a run gets through.
  const waiting = new Map<string, number>();
  return async (job) => {
    const key = `${job.notificationId}#${job.chunk}`;
    try {
      const result = await handler(job);
      if (waiting.delete(key)) log.info({ ...job }, 'push chunk goes on: the database is back');
      return result;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const n = (waiting.get(key) ?? 0) + 1;
      waiting.set(key, n);
      const againInMs = outagePause(n);
      if (n === 1) log.warn({ ...job, err: (error as Error).message }, 'push chunk waits for the database');
      return { againInMs };
    }
  };
}
