// A remote app's signing secret: generate or rotate (the value shown once), read its state, disable.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { AppParams, bearerSecurity, errorResponses, NullableText } from './common.js';

export const IssuedSecretReply = Type.Object({
  ok: Type.Literal(true),
  secret: Type.String({ description: 'Shown only in this answer; store it on your server.' }),
  previousValidUntil: Type.Optional(
    Type.String({ description: 'After a rotation: the previous secret still signs until then.' }),
  ),
});
export type IssuedSecret = Type.Static<typeof IssuedSecretReply>;

export const SecretStateReply = Type.Object({
  ok: Type.Literal(true),
  enabled: Type.Boolean(),
  createdAt: NullableText,
  rotatedAt: NullableText,
  previousValidUntil: NullableText,
});
export type SecretState = Type.Static<typeof SecretStateReply>;

export const signingEndpoints = defineEndpoints({
  'POST /api/v1/orgs/:org/apps/:slug/signing-secret': {
    summary: 'Generate the signing secret, or rotate it (the previous one keeps signing for 24 hours)',
    tags: ['signing'],
    security: bearerSecurity,
    params: AppParams,
    response: { 200: IssuedSecretReply, ...errorResponses(401, 404, 422) },
  },
  'GET /api/v1/orgs/:org/apps/:slug/signing-secret': {
    summary: 'Whether requests are signed, and the rotation window (never the secret)',
    tags: ['signing'],
    security: bearerSecurity,
    params: AppParams,
    response: { 200: SecretStateReply, ...errorResponses(401, 404, 422) },
  },
  'DELETE /api/v1/orgs/:org/apps/:slug/signing-secret': {
    summary: 'Disable signing: requests go without signature headers from now on',
    tags: ['signing'],
    security: bearerSecurity,
    params: AppParams,
    response: {
      200: Type.Object({ ok: Type.Literal(true), disabled: Type.Boolean() }),
      ...errorResponses(401, 404, 422),
    },
  },
});
