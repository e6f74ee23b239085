// The proxy's one call into usage statistics: times an app's answer and counts it once it is settled, without waiting on anything.
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../errors.js';
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

/** The status and code an error is answered with (http-entry.ts's refuse makes the same choice). */
function refusal(error: unknown): { status: number; code: string } {
  if (error instanceof AppError) return { status: error.status, code: error.code };
  if (isDatabaseUnavailable(error)) return { status: 503, code: 'unavailable' };
  return { status: 500, code: 'internal' };
}

/**
 * Passes `answer` through unchanged (its value or its error), counting it on the way. The types are the
 * pipeline's shapes, named structurally: the pipeline imports this module.
 */
export function countedAnswer<Answer extends { status: number }>(
  stats: UsageStats,
  req: { kind: string; rawPath: string },
  app: CountedApp,
  userId: string,
  answer: Promise<Answer>,
): Promise<Answer> {
  const started = performance.now();
  const kind = req.kind === 'screen' ? 'screen' : 'api';
  const opened = kind === 'screen' && isStartPath(req.rawPath, app.startPath);
  return answer.then(
    (answered) => {
      stats.proxied({
        appId: app.id,
        userId,
        kind,
        opened,
        status: answered.status,
        error: undefined,
        ms: performance.now() - started,
      });
      return answered;
    },
    (error: unknown) => {
      const { status, code } = refusal(error);
      stats.proxied({
        appId: app.id,
        userId,
        kind,
        opened,
        status,
        error: code,
        ms: performance.now() - started,
      });
      throw error;
    },
  );
}
