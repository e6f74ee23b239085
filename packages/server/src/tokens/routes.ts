// Management API: the caller's deploy tokens (create shows the value once; list never does; revoke).

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_LIVE_TOKENS } from '@miniapps/contract';
import { tokenEndpoints } from '@miniapps/contract/api';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { createDeployToken, listDeployTokens, revokeDeployToken } from './repository.js';

export const tokenRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  const route = routesOf(app.prefix, tokenEndpoints);

  app.route({
    ...route('POST /api/v1/tokens'),
    handler: async (request, reply) => {
      const result = await createDeployToken(db, userOf(request).id, request.body.name.trim());
      if (!result.ok) {
        throw new AppError('token_limit', { key: 'tokens.limit', values: { max: MAX_LIVE_TOKENS } });
      }
      const { id, name, createdAt } = result.view;
      return reply.status(201).send({ ok: true as const, id, token: result.token, name, createdAt });
    },
  });

  app.route({
    ...route('GET /api/v1/tokens'),
    handler: async (request) => ({
      ok: true as const,
      tokens: await listDeployTokens(db, userOf(request).id),
    }),
  });

  app.route({
    ...route('DELETE /api/v1/tokens/:id'),
    handler: async (request) => {
      if (!(await revokeDeployToken(db, userOf(request).id, request.params.id)))
        throw new AppError('token_not_found');
      return { ok: true as const };
    },
  });
};
