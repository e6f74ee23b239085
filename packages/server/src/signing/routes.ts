// Management API for a remote app's signing secret: generate or rotate (value shown once), read the state, disable.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signingEndpoints } from '@miniapps/contract/api';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import type { User } from '../auth/users-repository.js';
import type { AppRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { deriveKey } from './keys.js';
import { disableSigningSecret, findSigningRow, issueSigningSecret } from './repository.js';

export const signingRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, signingEndpoints);
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

  app.route({
    ...route('POST /api/v1/orgs/:org/apps/:slug/signing-secret'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const row = await remoteApp(org, slug, userOf(request));
      const issued = await issueSigningSecret(db, sealKey, row.id, platform.clock.now());
      return { ok: true as const, ...issued };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/signing-secret'),
    handler: async (request) => {
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
  });

  app.route({
    ...route('DELETE /api/v1/orgs/:org/apps/:slug/signing-secret'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const row = await remoteApp(org, slug, userOf(request));
      return { ok: true as const, disabled: await disableSigningSecret(db, row.id) };
    },
  });
};
