// Records the duration of every request Fastify answers by method, route and status.
import type { FastifyInstance } from 'fastify';
import type { ObserveRequest } from './request-metrics.js';

/** `skip`: requests recorded elsewhere (the proxy's entry records its own). */
export function registerRequestMetrics(
  app: FastifyInstance,
  observe: ObserveRequest,
  skip: (url: string | undefined) => boolean,
): void {
  app.addHook('onResponse', async (request, reply) => {
    if (skip(request.raw.url)) return;
    observe(
      request.method,
      request.routeOptions.url ?? 'unknown',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
