// Drain on SIGTERM: readiness goes 503 while the node keeps serving, then the listener closes, requests in flight finish (or are cut at the deadline), then the platform closes.
import type { FastifyInstance } from 'fastify';
import type { ShutdownConfig } from '../config/shutdown.js';
import type { Platform } from '../platform.js';

/** How the drain ended: `cut` when requests were still in flight at the deadline. */
export type DrainOutcome = 'drained' | 'cut';

/**
 * The steps after the first signal. A load balancer needs a few health checks to see the 503 before the
 * node stops accepting, so the delay comes first; then Fastify's close waits for every open request
 * (proxied ones included: they hold their connection until the origin's answer is written).
 */
export async function drainAndClose(
  app: FastifyInstance,
  platform: Platform,
  timings: ShutdownConfig,
  signal: NodeJS.Signals,
): Promise<DrainOutcome> {
  platform.draining = true;
  app.log.info({ signal }, 'shutting down');
  app.log.info({ delayMs: timings.delayMs, timeoutMs: timings.timeoutMs }, 'draining: readiness answers 503');
  await sleep(timings.delayMs);

  app.log.info('draining: no longer accepting connections');
  let outcome: DrainOutcome = 'drained';
  const deadline = setTimeout(() => {
    outcome = 'cut';
    app.log.warn('draining: requests still in flight at SHUTDOWN_TIMEOUT_MS are cut');
    app.server.closeAllConnections();
    // Calls to origins still waiting would otherwise hold the egress pool's graceful close open.
    void platform.egress.dispatcher.destroy();
  }, timings.timeoutMs);
  const closed = app.close();
  // A keep-alive connection whose last answer went out after the close began would otherwise hold the
  // close open until its idle timeout: close connections as soon as they have no request.
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  app.server.closeIdleConnections();
  await closed;
  clearInterval(idle);
  clearTimeout(deadline);

  await platform.close();
  app.log.info({ outcome }, 'shut down');
  return outcome;
}

/**
 * A Ctrl-C in a terminal reaches every process of the foreground group, and `npm start` and the tsx wrapper
 * relay it once more: the server sees two SIGINTs within milliseconds for one keystroke. A repeat this soon
 * after the first is that echo, not an operator's second signal.
 */
export const SIGNAL_ECHO_MS = 1_000;

/**
 * Wires SIGTERM and SIGINT: the first stops (exit 0 when `stop` says `drained`, 1 when requests were cut at
 * the deadline or it failed); a second, later than the echo of the first, exits at once for an operator who
 * does not want to wait.
 */
export function onShutdownSignals(
  stop: (signal: NodeJS.Signals) => Promise<DrainOutcome>,
  log: { warn(msg: string): void },
): void {
  let firstAt: number | undefined;
  const handle = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < SIGNAL_ECHO_MS) return;
      log.warn(`second ${signal}: exiting at once`);
      process.exit(1);
    }
    firstAt = Date.now();
    stop(signal).then(
      (outcome) => process.exit(outcome === 'drained' ? 0 : 1),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
