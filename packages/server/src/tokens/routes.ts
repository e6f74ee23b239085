// Management API: the caller's deploy tokens (create shows the value once; list never does; revoke).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { createDeployToken, listDeployTokens, MAX_LIVE_TOKENS, revokeDeployToken } from './repository.js';

const TokenSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});

export const tokenRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;

  app.post(
    '/tokens',
    {
      schema: {
        summary: `Create a deploy token (the value is shown only in this answer; at most ${MAX_LIVE_TOKENS} per account)`,
        tags: ['tokens'],
        security: bearerSecurity,
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          201: Type.Object({
            ok: Type.Literal(true),
            id: Type.String(),
            token: Type.String(),
            name: Type.String(),
            createdAt: Type.String(),
          }),
          ...errorResponses(400, 401, 422),
        },
      },
    },
    async (request, reply) => {
      const result = await createDeployToken(db, userOf(request).id, request.body.name.trim());
      if (!result.ok) {
        throw new AppError('token_limit', { key: 'tokens.limit', values: { max: MAX_LIVE_TOKENS } });
      }
      const { id, name, createdAt } = result.view;
      return reply.status(201).send({ ok: true as const, id, token: result.token, name, createdAt });
    },
  );

  app.get(
    '/tokens',
    {
      schema: {
        summary: "The caller's live deploy tokens (never their values)",
        tags: ['tokens'],
        security: bearerSecurity,
        response: {
          200: Type.Object({ ok: Type.Literal(true), tokens: Type.Array(TokenSchema) }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({ ok: true as const, tokens: await listDeployTokens(db, userOf(request).id) }),
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        summary: 'Revoke a deploy token',
        tags: ['tokens'],
        security: bearerSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      if (!(await revokeDeployToken(db, userOf(request).id, request.params.id)))
        throw new AppError('token_not_found');
      return { ok: true as const };
    },
  );
};
