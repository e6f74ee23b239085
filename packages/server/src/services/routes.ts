// The internal route `POST /functions/v1/miniapp-svc-<slug>`: service functions over HTTP, for the service-role key only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerToken } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import type { ServiceInvoker } from './invoke.js';

const CallBody = Type.Object({
  slug: Type.String({ maxLength: 63 }),
  path: Type.String({ minLength: 1, maxLength: 4096 }),
  kind: Type.Union([Type.Literal('screen'), Type.Literal('api')]),
  userId: Type.String({ format: 'uuid' }),
  method: Type.Optional(Type.Union(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => Type.Literal(m)))),
  body: Type.Optional(Type.Unknown()),
});

export const serviceRoutes: FastifyPluginAsyncTypebox<{ invoker: ServiceInvoker }> = async (
  app,
  { invoker },
) => {
  app.post(
    '/functions/v1/miniapp-svc-:slug',
    {
      schema: {
        summary: 'Call a first-party service function (internal: service-role key only)',
        tags: ['internal'],
        params: Type.Object({ slug: Type.String({ maxLength: 63 }) }),
        body: CallBody,
      },
      // The key is checked before the body is even parsed: no schema error tells a stranger anything.
      onRequest: async (request) => invoker.authorize(bearerToken(request)),
    },
    async (request, reply) => {
      const { slug } = request.params;
      const call = request.body;
      if (call.slug !== slug) {
        throw new AppError('bad_request', {
          key: 'services.slug_mismatch',
          values: { named: call.slug, slug },
        });
      }
      const answer = await invoker.invoke(
        slug,
        { ...call, method: call.method ?? 'GET', body: call.body ?? null },
        bearerToken(request),
      );
      return reply.status(answer.status).type('application/json').send(JSON.stringify(answer.body));
    },
  );
};
