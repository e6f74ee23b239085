// The client's service worker (dist/sw.js) as served: the build's worker with a hash of the index page it keeps put
// in, so a changed page (a new build or new settings) is a changed worker, which browsers install as an update.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** The placeholder the worker's source carries (packages/web/src/offline/service-worker.ts). */
const SHELL_VERSION = '__MINIAPPS_SHELL_VERSION__';

export interface ServiceWorkerScript {
  /** The worker for the current page, or undefined while the client is not built. */
  read(page: string): string | undefined;
}

export function serviceWorkerScript(file: string): ServiceWorkerScript {
  let cached: { mtimeMs: number; code: string } | undefined;
  let served: { page: string; code: string } | undefined;
  return {
    read(page) {
      const stat = statSync(file, { throwIfNoEntry: false });
      if (!stat) return undefined;
      if (cached?.mtimeMs !== stat.mtimeMs) {
        cached = { mtimeMs: stat.mtimeMs, code: readFileSync(file, 'utf8') };
        served = undefined;
      }
      if (served?.page !== page) {
        const version = createHash('sha256').update(page).digest('hex').slice(0, 12);
        served = { page, code: cached.code.replaceAll(SHELL_VERSION, version) };
      }
      return served.code;
    },
  };
}
