// GET /catalog and /catalog/{org}/{slug}: what signed-in users may open, with the approved name and scopes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireUser } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { AppParams, bearerSecurity, errorResponses, ScopeSchema } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { findCatalogEntry, listCatalog } from './repository.js';

const EntrySchema = Type.Object({
  organizationId: Type.String(),
  organizationName: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  sourceKind: Type.String(),
  startPath: Type.String(),
  scopes: Type.Array(ScopeSchema),
  version: Type.Union([Type.Integer(), Type.Null()]),
});

export const catalogRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  app.addHook('onRequest', requireUser(platform));

  app.get(
    '/catalog',
    {
      schema: {
        summary:
          'Apps users may open: approved and not suspended, with their live name, start path and scopes',
        tags: ['catalog'],
        security: bearerSecurity,
        response: {
          200: Type.Object({ ok: Type.Literal(true), apps: Type.Array(EntrySchema) }),
          ...errorResponses(401),
        },
      },
    },
    async () => ({ ok: true as const, apps: await listCatalog(db) }),
  );

  app.get(
    '/catalog/:org/:slug',
    {
      schema: {
        summary: 'One app of the catalog',
        tags: ['catalog'],
        security: bearerSecurity,
        params: AppParams,
        response: {
          200: Type.Object({ ok: Type.Literal(true), app: EntrySchema }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const { org, slug } = request.params;
      const entry = await findCatalogEntry(db, org, slug);
      if (!entry) throw new AppError('not_found', `No app "${slug}" of "${org}" in the catalog.`);
      return { ok: true as const, app: entry };
    },
  );
};
