// The catalog: apps signed-in users may open, with their approved name, listing and scopes.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { CATALOG_DEFAULT_LIMIT, CATALOG_MAX_LIMIT, MAX_CATALOG_QUERY } from '../limits.js';
import { type Category, categories, sourceKinds } from '../vocabulary.js';
import { AppParams, bearerSecurity, errorResponses, Nullable, NullableText, ScopeSchema } from './common.js';

export const CatalogQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: MAX_CATALOG_QUERY,
      description: 'Words that must all occur in the name or description; any case, any script',
    }),
  ),
  // One literal per category (the OpenAPI shows each); typed as the union of their names.
  category: Type.Optional(Type.Unsafe<Category>(Type.Union(categories.map((c) => Type.Literal(c))))),
  cursor: Type.Optional(
    Type.String({ maxLength: 2000, description: 'The nextCursor of the previous page, as given' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: CATALOG_MAX_LIMIT,
      description: `Entries per page (${CATALOG_DEFAULT_LIMIT})`,
    }),
  ),
});
export type CatalogQuery = Type.Static<typeof CatalogQuery>;

export const CatalogEntrySchema = Type.Object({
  organizationId: Type.String(),
  organizationName: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  sourceKind: Type.Enum(sourceKinds),
  startPath: Type.String(),
  scopes: Type.Array(ScopeSchema),
  version: Nullable(Type.Integer()),
  icon: NullableText,
  description: NullableText,
  category: NullableText,
});
/** An app users may open: its approved name, start path, declared scopes and store listing. */
export type CatalogEntry = Type.Static<typeof CatalogEntrySchema>;

export const CatalogPageReply = Type.Object({
  ok: Type.Literal(true),
  apps: Type.Array(CatalogEntrySchema),
  nextCursor: NullableText,
});

export const catalogEndpoints = defineEndpoints({
  'GET /api/v1/catalog': {
    summary:
      'Apps users may open: approved and not suspended, with their live name, listing, start path and scopes',
    description:
      "Sorted by name, a page at a time: pass the answer's `nextCursor` as `cursor` for the next page " +
      '(null on the last). `q` searches names and descriptions in any case and script; `category` filters. ' +
      'Private to the user, with an ETag: send it as If-None-Match for a 304 when nothing changed.',
    tags: ['catalog'],
    security: bearerSecurity,
    querystring: CatalogQuery,
    response: { 200: CatalogPageReply, ...errorResponses(400, 401) },
  },
  'GET /api/v1/catalog/:org/:slug': {
    summary: 'One app of the catalog',
    description:
      'Private to the user, with an ETag: send it as If-None-Match for a 304 when nothing changed.',
    tags: ['catalog'],
    security: bearerSecurity,
    params: AppParams,
    response: {
      200: Type.Object({ ok: Type.Literal(true), app: CatalogEntrySchema }),
      ...errorResponses(401, 404),
    },
  },
});
