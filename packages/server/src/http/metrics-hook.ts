// Records the duration of every request Fastify answers by method, route and status.
import type { FastifyInstance } from 'fastify';
import { isProxyUrl } from '../proxy/http-entry.js';
import type { ObserveRequest } from './request-metrics.js';

export function registerRequestMetrics(app: FastifyInstance, observe: ObserveRequest): void {
  app.addHook('onResponse', async (request, reply) => {
    // Proxy routes hand the reply to the proxy's entry, which records it itself.
    if (isProxyUrl(request.raw.url)) return;
    observe(
      request.method,
      request.routeOptions.url ?? 'unknown',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
