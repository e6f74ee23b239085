// A hosted app's revisions: list, read one, restore one (a deploy of its screens).
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { MAX_SLUG, REVISIONS_KEPT } from '../limits.js';
import { bearerSecurity, errorResponses } from './common.js';
import { ValidationSchema } from './deploy.js';

const RevisionParams = Type.Object({
  org: Type.String({ maxLength: MAX_SLUG }),
  slug: Type.String({ maxLength: MAX_SLUG }),
  // Path parameters arrive as text (the server does not coerce types).
  version: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'A revision version' }),
});

export const ScreenItemSchema = Type.Object({
  path: Type.String(),
  title: Type.Optional(Type.String()),
  json: Type.Record(Type.String(), Type.Unknown()),
});
export type ScreenItem = Type.Static<typeof ScreenItemSchema>;

export const RevisionSchema = Type.Object({
  version: Type.Integer(),
  createdAt: Type.String(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  screenCount: Type.Integer(),
  restoredFrom: Type.Union([Type.Integer(), Type.Null()]),
  screens: Type.Optional(Type.Array(ScreenItemSchema)),
  data: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'The datasets deployed with the screens' }),
  ),
  strings: Type.Optional(
    Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
      description: 'The locale strings deployed with the screens, in their order (the first is the default)',
    }),
  ),
});
export type Revision = Type.Static<typeof RevisionSchema>;

export const RevisionListReply = Type.Object({
  ok: Type.Literal(true),
  version: Type.Integer({ description: 'The head version' }),
  liveVersion: Type.Union([Type.Integer(), Type.Null()]),
  revisions: Type.Array(RevisionSchema),
});
export type RevisionList = Type.Static<typeof RevisionListReply>;

export const RestoreReply = Type.Object({
  ok: Type.Literal(true),
  version: Type.Integer(),
  status: Type.String(),
  restoredFrom: Type.Integer(),
  validation: ValidationSchema,
});

export const SaveReply = Type.Object({
  ok: Type.Literal(true),
  version: Type.Integer(),
  status: Type.String(),
  validation: ValidationSchema,
});
export type SaveAnswer = Type.Static<typeof SaveReply>;

/** Documents the body; the server reads screens, data and strings as a deploy does, each fault with its own code. */
export const SaveBodyDoc = Type.Object({
  baseVersion: Type.Integer({
    minimum: 0,
    description:
      'The head version the edit started from; another save since is refused (409 conflict, details.version the head now)',
  }),
  submit: Type.Optional(Type.Boolean({ description: 'true: send to moderation; default: draft' })),
  screens: Type.Unknown({ description: 'As a deploy: items {path, title?, json}' }),
  data: Type.Optional(Type.Unknown({ description: 'As a deploy: the datasets (absent: none)' })),
  strings: Type.Optional(Type.Unknown({ description: 'As a deploy: the locale strings (absent: none)' })),
});

export const revisionEndpoints = defineEndpoints({
  'POST /api/v1/orgs/:org/apps/:slug/revisions': {
    summary:
      "Save an app's screens, datasets and strings as a new revision with the member's session (the studio)",
    description:
      'A deploy on behalf of a member of the organization, with optimistic concurrency: `baseVersion` must be the head version, else 409 `conflict` with the head version in `details.version` and nothing is saved.',
    tags: ['revisions'],
    security: bearerSecurity,
    params: Type.Object({
      org: Type.String({ maxLength: MAX_SLUG }),
      slug: Type.String({ maxLength: MAX_SLUG }),
    }),
    body: SaveBodyDoc,
    response: { 200: SaveReply, ...errorResponses(400, 401, 404, 409, 413, 422, 429) },
  },
  'GET /api/v1/orgs/:org/apps/:slug/revisions': {
    summary: `The last ${REVISIONS_KEPT} revisions, newest first (screens with ?include=screens)`,
    tags: ['revisions'],
    security: bearerSecurity,
    params: Type.Object({
      org: Type.String({ maxLength: MAX_SLUG }),
      slug: Type.String({ maxLength: MAX_SLUG }),
    }),
    querystring: Type.Object({ include: Type.Optional(Type.Literal('screens')) }),
    response: { 200: RevisionListReply, ...errorResponses(400, 401, 404) },
  },
  'GET /api/v1/orgs/:org/apps/:slug/revisions/:version': {
    summary: 'One revision with its screens',
    tags: ['revisions'],
    security: bearerSecurity,
    params: RevisionParams,
    response: {
      200: Type.Object({ ok: Type.Literal(true), revision: RevisionSchema }),
      ...errorResponses(400, 401, 404),
    },
  },
  'POST /api/v1/orgs/:org/apps/:slug/revisions/:version/restore': {
    summary:
      'Restore a revision: a deploy of its screens, datasets and strings (new version, new revision, same moderation rule)',
    tags: ['revisions'],
    security: bearerSecurity,
    params: RevisionParams,
    body: Type.Optional(
      Type.Object(
        { submit: Type.Optional(Type.Boolean({ description: 'true: send to moderation; default: draft' })) },
        { additionalProperties: false },
      ),
    ),
    response: { 200: RestoreReply, ...errorResponses(400, 401, 404, 422, 429) },
  },
});
