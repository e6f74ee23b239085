// Management API for a remote app's signing secret: generate or rotate (value shown once), read the state, disable.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import type { User } from '../auth/users-repository.js';
import type { AppRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { AppParams, bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { deriveKey } from './keys.js';
import { disableSigningSecret, findSigningRow, issueSigningSecret } from './repository.js';

const IssuedReply = Type.Object({
  ok: Type.Literal(true),
  secret: Type.String({ description: 'Shown only in this answer; store it on your server.' }),
  previousValidUntil: Type.Optional(
    Type.String({ description: 'After a rotation: the previous secret still signs until then.' }),
  ),
});

const StateReply = Type.Object({
  ok: Type.Literal(true),
  enabled: Type.Boolean(),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  rotatedAt: Type.Union([Type.String(), Type.Null()]),
  previousValidUntil: Type.Union([Type.String(), Type.Null()]),
});

export const signingRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  const sealKey = deriveKey(platform.config.keys.platformKey, 'signing-secrets');

  async function remoteApp(org: string, slug: string, user: User): Promise<AppRow> {
    const row = await appForMember(db, org, slug, user);
    if (row.sourceKind !== 'remote') {
      throw new AppError(
        'validation_failed',
        { key: 'signing.remote_only' },
        {
          field: 'sourceKind',
        },
      );
    }
    return row;
  }

  app.post(
    '/orgs/:org/apps/:slug/signing-secret',
    {
      schema: {
        summary: 'Generate the signing secret, or rotate it (the previous one keeps signing for 24 hours)',
        tags: ['signing'],
        security: bearerSecurity,
        params: AppParams,
        response: { 200: IssuedReply, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { org, slug } = request.params;
      const row = await remoteApp(org, slug, userOf(request));
      const issued = await issueSigningSecret(db, sealKey, row.id, platform.clock.now());
      return { ok: true as const, ...issued };
    },
  );

  app.get(
    '/orgs/:org/apps/:slug/signing-secret',
    {
      schema: {
        summary: 'Whether requests are signed, and the rotation window (never the secret)',
        tags: ['signing'],
        security: bearerSecurity,
        params: AppParams,
        response: { 200: StateReply, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { org, slug } = request.params;
      const row = await remoteApp(org, slug, userOf(request));
      const secret = await findSigningRow(db, row.id);
      const windowOpen =
        secret?.previousValidUntil != null && Date.parse(secret.previousValidUntil) > platform.clock.now();
      return {
        ok: true as const,
        enabled: secret !== undefined,
        createdAt: secret?.createdAt ?? null,
        rotatedAt: secret?.rotatedAt ?? null,
        previousValidUntil: windowOpen ? secret.previousValidUntil : null,
      };
    },
  );

  app.delete(
    '/orgs/:org/apps/:slug/signing-secret',
    {
      schema: {
        summary: 'Disable signing: requests go without signature headers from now on',
        tags: ['signing'],
        security: bearerSecurity,
        params: AppParams,
        response: {
          200: Type.Object({ ok: Type.Literal(true), disabled: Type.Boolean() }),
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request) => {
      const { org, slug } = request.params;
      const row = await remoteApp(org, slug, userOf(request));
      return { ok: true as const, disabled: await disableSigningSecret(db, row.id) };
    },
  );
};
