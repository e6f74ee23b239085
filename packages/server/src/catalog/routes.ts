// GET /catalog and /catalog/{org}/{slug}: what signed-in users may open, with the approved name and scopes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CATALOG_DEFAULT_LIMIT } from '@miniapps/contract';
import { catalogEndpoints } from '@miniapps/contract/api';

import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { cacheableReply, createEntityTags, REVALIDATE } from '../http/cacheable.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { deriveKey } from '../signing/keys.js';
import { decodeCursor } from './cursor.js';
import { findCatalogEntry, listCatalog } from './repository.js';

export const catalogRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, catalogEndpoints);
  const db = platform.db;
  const tags = createEntityTags(deriveKey(platform.config.keys.platformKey, 'entity-tags'));
  /**
   * Kept by the user's own caches and revalidated: the tag is of the body and the user (a user signs in by token or
   * by the session cookie), so a new listing, approval or suspension changes it (docs/decisions.md "Cacheable answers").
   */
  const cached = (userId: string, body: object) => ({
    etag: tags.tag('catalog', userId, JSON.stringify(body)),
    cacheControl: REVALIDATE,
    vary: 'Authorization, Cookie',
  });

  app.route({
    ...route('GET /api/v1/catalog'),
    handler: async (request, reply) => {
      const { q, category, cursor, limit } = request.query;
      const page = await listCatalog(db, {
        q,
        category,
        cursor: cursor === undefined ? undefined : decodeCursor(cursor),
        limit: limit ?? CATALOG_DEFAULT_LIMIT,
      });
      const body = { ok: true as const, ...page };
      return cacheableReply(request, reply, cached(userOf(request).id, body), body);
    },
  });

  app.route({
    ...route('GET /api/v1/catalog/:org/:slug'),
    handler: async (request, reply) => {
      const { org, slug } = request.params;
      const entry = await findCatalogEntry(db, org, slug);
      if (!entry) throw new AppError('not_found', { key: 'catalog.app_not_found', values: { slug, org } });
      const body = { ok: true as const, app: entry };
      return cacheableReply(request, reply, cached(userOf(request).id, body), body);
    },
  });
};
