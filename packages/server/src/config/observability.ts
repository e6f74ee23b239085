// Who may read the operator surfaces: /metrics behind METRICS_TOKEN in production, /docs and /openapi.json behind API_DOCS.

import { parsePort } from './port.js';
import type { KnownEnv } from './variables.js';

export interface ObservabilityConfig {
  /** `off`: /metrics is not served (404); `open`: anyone; `token`: only `Authorization: Bearer <metricsToken>`. */
  metrics: 'off' | 'open' | 'token';
  metricsToken: string | undefined;
  /** Serve /docs and /openapi.json (API_DOCS; on outside production by default, off in production). */
  apiDocs: boolean;
  /** The push worker's own /metrics listens here (WORKER_METRICS_PORT); unset: the worker serves none. */
  workerMetricsPort: number | undefined;
}

export function parseObservabilityConfig(
  env: KnownEnv,
  production: boolean,
  problems: string[],
): ObservabilityConfig {
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 16 characters without spaces');
  }
  // A token set outside production is honoured too: the same setting behaves the same everywhere it is set.
  const metrics = metricsToken !== undefined ? 'token' : production ? 'off' : 'open';
  const rawDocs = env.API_DOCS?.trim();
  if (rawDocs && rawDocs !== 'true' && rawDocs !== 'false') {
    problems.push(`API_DOCS must be true or false (got "${env.API_DOCS}")`);
  }
  const apiDocs = rawDocs === 'true' || (rawDocs !== 'false' && !production);
  const workerMetricsPort = parsePort('WORKER_METRICS_PORT', env.WORKER_METRICS_PORT?.trim(), problems);
  return Object.freeze({ metrics, metricsToken, apiDocs, workerMetricsPort });
}
