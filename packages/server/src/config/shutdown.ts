// Graceful shutdown timings from the environment: how long a node keeps serving after SIGTERM, and how long it waits for requests in flight.
import type { KnownEnv } from './variables.js';

export interface ShutdownConfig {
  /** After SIGTERM, /readyz answers 503 while everything else is served this long (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** Then the listener closes; requests in flight get this long to finish before they are cut (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
}

export const DEFAULT_SHUTDOWN_DELAY_MS = 5_000; // a load balancer's few health checks
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000; // within Kubernetes' default 30 s grace period with the delay

export function parseShutdownConfig(env: KnownEnv, problems: string[]): ShutdownConfig {
  return Object.freeze({
    delayMs: milliseconds('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, DEFAULT_SHUTDOWN_DELAY_MS, problems),
    timeoutMs: milliseconds(
      'SHUTDOWN_TIMEOUT_MS',
      env.SHUTDOWN_TIMEOUT_MS,
      DEFAULT_SHUTDOWN_TIMEOUT_MS,
      problems,
    ),
  });
}

function milliseconds(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^\d{1,7}$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
    problems.push(`${name} must be a whole number of milliseconds, 0 to 9999999 (got "${raw}")`);
    return fallback;
  }
  return value;
}
