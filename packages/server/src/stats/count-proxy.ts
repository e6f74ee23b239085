// The proxy's one call into usage statistics: counts an app's settled answer with its time, without waiting on anything.
import { answeredAs } from '../db/unavailable.js';
import type { UsageStats } from './usage-stats.js';

/** The app as the count needs it: which one, and where its start screen is. */
interface CountedApp {
  id: string;
  startPath: string;
}

/** Whether a screen request's raw path is the app's start path (a trailing slash aside). */
export function isStartPath(rawPath: string, startPath: string): boolean {
  if (rawPath === startPath) return true;
  const trim = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
  return trim(rawPath) === trim(startPath);
}

/**
 * Counts one app answer (or, with `error`, the refusal it became), timed from `started` (performance.now()).
 * The pipeline awaits the answer itself and calls this: no promise or closure is made per request for the
 * count (a `.then` wrapper cost a tenth of the proxy's own CPU per request in bench/proxy/entry.ts). The
 * request and app are the pipeline's shapes, named structurally: the pipeline imports this module.
 */
export function countAnswer(
  stats: UsageStats,
  req: { kind: string; rawPath: string },
  app: CountedApp,
  userId: string,
  started: number,
  status: number,
  error?: unknown,
): void {
  const kind = req.kind === 'screen' ? 'screen' : 'api';
  let code: string | undefined;
  // Counted as the entry answers it (the same choice as its refuse).
  if (error !== undefined) ({ status, code } = answeredAs(error));
  stats.proxied({
    appId: app.id,
    userId,
    kind,
    opened: kind === 'screen' && isStartPath(req.rawPath, app.startPath),
    status,
    error: code,
    ms: performance.now() - started,
  });
}
