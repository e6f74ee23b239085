// Liveness, readiness (not draining, the database answers, and Redis when configured) and Prometheus metrics.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '@miniapps/contract/api';
import { Type } from 'typebox';
import { pingDatabase } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Platform } from '../platform.js';
import { metricsAccess } from './metrics-access.js';

export const healthRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'The process is up',
        tags: ['health'],
        response: { 200: Type.Object({ ok: Type.Literal(true) }) },
      },
    },
    async () => ({ ok: true as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'The platform can serve: its database answers, and its Redis when REDIS_URL is set',
        tags: ['health'],
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            database: Type.String(),
            redis: Type.Optional(Type.Literal('ready')),
          }),
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      if (platform.draining) throw new AppError('unavailable', { key: 'health.draining' });
      try {
        await pingDatabase(platform.db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new AppError('unavailable', { key: 'health.database_down' });
      }
      if (platform.redis) {
        // Fails at once while disconnected, within the command timeout (1 s) when Redis hangs.
        try {
          await platform.redis.ping();
        } catch (error) {
          request.log.warn({ err: (error as Error).message }, 'readiness check failed: redis');
          throw new AppError('unavailable', { key: 'health.redis_down' });
        }
        return { ok: true as const, database: platform.database.dialect, redis: 'ready' as const };
      }
      return { ok: true as const, database: platform.database.dialect };
    },
  );

  const access = metricsAccess(platform.config.observability);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const verdict = access(request.headers.authorization);
    if (verdict === 'not_found') throw new AppError('not_found', { key: 'health.metrics_off' });
    if (verdict === 'unauthorized') {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthorized', { key: 'health.metrics_token' });
    }
    reply.type(platform.metrics.contentType);
    return platform.metrics.metrics();
  });
};
