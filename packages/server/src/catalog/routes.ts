// GET /catalog and /catalog/{org}/{slug}: what signed-in users may open, with the approved name and scopes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CATALOG_DEFAULT_LIMIT } from '@miniapps/contract';
import { catalogEndpoints } from '@miniapps/contract/api';

import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { decodeCursor } from './cursor.js';
import { findCatalogEntry, listCatalog } from './repository.js';

export const catalogRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, catalogEndpoints);
  const db = platform.db;

  app.route({
    ...route('GET /api/v1/catalog'),
    handler: async (request) => {
      const { q, category, cursor, limit } = request.query;
      const page = await listCatalog(db, {
        q,
        category,
        cursor: cursor === undefined ? undefined : decodeCursor(cursor),
        limit: limit ?? CATALOG_DEFAULT_LIMIT,
      });
      return { ok: true as const, ...page };
    },
  });

  app.route({
    ...route('GET /api/v1/catalog/:org/:slug'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const entry = await findCatalogEntry(db, org, slug);
      if (!entry) throw new AppError('not_found', { key: 'catalog.app_not_found', values: { slug, org } });
      return { ok: true as const, app: entry };
    },
  });
};
