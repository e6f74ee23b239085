// One refresh at a time per config file: two commands started together must not both spend a refresh token the
// provider rotates (the second would be refused, and a provider that detects reuse ends the whole sign-in).
import { closeSync, openSync, rmSync, statSync } from 'node:fs';

/** A lock older than this was left by a process that died mid-refresh; a refresh takes seconds. */
export const STALE_LOCK_MS = 30_000;
const RETRY_MS = 100;

export async function withRefreshLock<T>(configPath: string, work: () => Promise<T>): Promise<T> {
  const lock = `${configPath}.lock`;
  const started = Date.now();
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockAge(lock) > STALE_LOCK_MS || Date.now() - started > STALE_LOCK_MS)
        rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

function lockAge(lock: string): number {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}
