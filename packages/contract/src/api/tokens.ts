// Deploy tokens of the signed-in account: create (the value shown once), list (never the values), revoke.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { MAX_LIVE_TOKENS } from '../limits.js';
import { bearerSecurity, errorResponses, NullableText, OkReply } from './common.js';

export const TokenSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: NullableText,
});
export type DeployToken = Type.Static<typeof TokenSchema>;

export const CreatedTokenReply = Type.Object({
  ok: Type.Literal(true),
  id: Type.String(),
  token: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
});
export type CreatedToken = Type.Static<typeof CreatedTokenReply>;

export const tokenEndpoints = defineEndpoints({
  'POST /api/v1/tokens': {
    summary: `Create a deploy token (the value is shown only in this answer; at most ${MAX_LIVE_TOKENS} per account)`,
    tags: ['tokens'],
    security: bearerSecurity,
    body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }),
    response: { 201: CreatedTokenReply, ...errorResponses(400, 401, 422) },
  },
  'GET /api/v1/tokens': {
    summary: "The caller's live deploy tokens (never their values)",
    tags: ['tokens'],
    security: bearerSecurity,
    response: {
      200: Type.Object({ ok: Type.Literal(true), tokens: Type.Array(TokenSchema) }),
      ...errorResponses(401),
    },
  },
  'DELETE /api/v1/tokens/:id': {
    summary: 'Revoke a deploy token',
    tags: ['tokens'],
    security: bearerSecurity,
    params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
    response: { 200: OkReply, ...errorResponses(401, 404) },
  },
});
