// A bare /metrics listener for a process without the HTTP app (the push worker), under the same METRICS_TOKEN rule.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { ObservabilityConfig } from '../config/observability.js';
import { AppError, errorBody } from '../errors.js';
import { metricsAccess } from './metrics-access.js';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** Answers GET /metrics (404 elsewhere, and everywhere when metrics are off); errors in the platform's envelope. */
export async function startMetricsServer(
  registry: Registry,
  config: ObservabilityConfig,
  listen: { port: number; host: string },
): Promise<MetricsServer> {
  const access = metricsAccess(config);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const verdict =
      path === '/metrics' && req.method === 'GET' ? access(req.headers.authorization) : 'not_found';
    if (verdict === 'allowed') {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType });
          res.end(text);
        },
        () => refuse(res, new AppError('internal')),
      );
      return;
    }
    if (verdict === 'unauthorized') res.setHeader('www-authenticate', 'Bearer realm="metrics"');
    refuse(
      res,
      verdict === 'unauthorized'
        ? new AppError('unauthorized', { key: 'health.metrics_token' })
        : new AppError('not_found', { key: 'health.metrics_off' }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function refuse(res: ServerResponse, error: AppError): void {
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(errorBody(error)));
}
