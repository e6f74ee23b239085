// Liveness, readiness (the database answers) and Prometheus metrics.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pingDatabase } from '../db/database.js';
import { AppError } from '../errors.js';
import { errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';

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
        summary: 'The platform can serve: its database answers',
        tags: ['health'],
        response: {
          200: Type.Object({ ok: Type.Literal(true), database: Type.String() }),
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      try {
        await pingDatabase(platform.db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new AppError('unavailable', 'The database does not answer.');
      }
      return { ok: true as const, database: platform.database.dialect };
    },
  );

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(platform.metrics.contentType);
    return platform.metrics.metrics();
  });
};
