// GET /catalog and /catalog/{org}/{slug}: what signed-in users may open, with the approved name and scopes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { categories } from '../apps/listing.js';
import { AppError } from '../errors.js';
import { AppParams, bearerSecurity, errorResponses, ScopeSchema } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { decodeCursor } from './cursor.js';
import { findCatalogEntry, listCatalog } from './repository.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;

const CatalogQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Words that must all occur in the name or description; any case, any script',
    }),
  ),
  category: Type.Optional(Type.Union(categories.map((c) => Type.Literal(c)))),
  cursor: Type.Optional(
    Type.String({ maxLength: 2000, description: 'The nextCursor of the previous page, as given' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_LIMIT, description: `Entries per page (${DEFAULT_LIMIT})` }),
  ),
});

const EntrySchema = Type.Object({
  organizationId: Type.String(),
  organizationName: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  sourceKind: Type.String(),
  startPath: Type.String(),
  scopes: Type.Array(ScopeSchema),
  version: Type.Union([Type.Integer(), Type.Null()]),
  icon: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  category: Type.Union([Type.String(), Type.Null()]),
});

export const catalogRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;

  app.get(
    '/catalog',
    {
      schema: {
        summary:
          'Apps users may open: approved and not suspended, with their live name, listing, start path and scopes',
        description:
          "Sorted by name, a page at a time: pass the answer's `nextCursor` as `cursor` for the next page " +
          '(null on the last). `q` searches names and descriptions in any case and script; `category` filters.',
        tags: ['catalog'],
        security: bearerSecurity,
        querystring: CatalogQuery,
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            apps: Type.Array(EntrySchema),
            nextCursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const { q, category, cursor, limit } = request.query;
      const page = await listCatalog(db, {
        q,
        category,
        cursor: cursor === undefined ? undefined : decodeCursor(cursor),
        limit: limit ?? DEFAULT_LIMIT,
      });
      return { ok: true as const, ...page };
    },
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
      if (!entry) throw new AppError('not_found', { key: 'catalog.app_not_found', values: { slug, org } });
      return { ok: true as const, app: entry };
    },
  );
};
