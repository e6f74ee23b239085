// An organization's apps in the management API: register, read, list, change.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import {
  DEFAULT_RESPONSE_RETENTION_DAYS,
  MAX_DESCRIPTION,
  MAX_ICON,
  MAX_RESPONSE_RETENTION_DAYS,
} from '../limits.js';
import { appStatuses, categories } from '../vocabulary.js';
import {
  AppParams,
  bearerSecurity,
  errorResponses,
  Nullable,
  NullableText,
  OrgParams,
  ScopeSchema,
} from './common.js';

const Scopes = Type.Array(ScopeSchema);
const SourceKindSchema = Type.Union([
  Type.Literal('hosted'),
  Type.Literal('remote'),
  Type.Literal('service'),
]);

/** Listing fields a developer sets; null clears. Rules beyond the schema: the server's apps/listing.ts. */
const ListingBody = {
  icon: Type.Optional(
    Nullable(Type.String({ maxLength: MAX_ICON, description: 'Absolute https address of the icon' })),
  ),
  description: Type.Optional(
    Nullable(
      Type.String({ maxLength: 1000, description: `At most ${MAX_DESCRIPTION} characters (code points)` }),
    ),
  ),
  category: Type.Optional(
    Nullable(Type.String({ maxLength: 50, description: `One of: ${categories.join(', ')}` })),
  ),
};

/** What users see of an app besides its name, in the head and in the approved copy alike. */
const Presentation = {
  origin: NullableText,
  startPath: Type.String(),
  scopes: Scopes,
  icon: NullableText,
  description: NullableText,
  category: NullableText,
};

export const AppSchema = Type.Object({
  organizationId: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  sourceKind: SourceKindSchema,
  ...Presentation,
  status: Type.Enum(appStatuses),
  version: Type.Integer(),
  liveVersion: Nullable(Type.Integer()),
  live: Nullable(Type.Object({ name: Type.String(), ...Presentation })),
  reviewNote: NullableText,
  responseRetentionDays: Nullable(
    Type.Integer({
      description: `Days a hosted app keeps its form responses; null: the default, ${DEFAULT_RESPONSE_RETENTION_DAYS}`,
    }),
  ),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type App = Type.Static<typeof AppSchema>;

export const CreateAppBody = Type.Object({
  slug: Type.String({ maxLength: 100 }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  sourceKind: SourceKindSchema,
  origin: Type.Optional(Type.String({ maxLength: 2048 })),
  startPath: Type.Optional(Type.String({ maxLength: 1024 })),
  scopes: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
  ...ListingBody,
});
export type CreateApp = Type.Static<typeof CreateAppBody>;

export const UpdateAppBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    origin: Type.Optional(Type.String({ maxLength: 2048 })),
    startPath: Type.Optional(Type.String({ maxLength: 1024 })),
    scopes: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
    ...ListingBody,
    responseRetentionDays: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 1,
          maximum: MAX_RESPONSE_RETENTION_DAYS,
          description:
            `Days a hosted app keeps its form responses (1 to ${MAX_RESPONSE_RETENTION_DAYS}); null: the default, ` +
            `${DEFAULT_RESPONSE_RETENTION_DAYS}. Not reviewed: a change of it alone leaves the app's status as it is`,
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type UpdateApp = Type.Static<typeof UpdateAppBody>;

export const AppReply = Type.Object({ ok: Type.Literal(true), app: AppSchema });

export const appEndpoints = defineEndpoints({
  'POST /api/v1/orgs/:org/apps': {
    summary: 'Register a hosted or remote app (Services → Mini-apps → Create)',
    tags: ['apps'],
    security: bearerSecurity,
    params: OrgParams,
    body: CreateAppBody,
    response: { 201: AppReply, ...errorResponses(400, 401, 404, 409, 422) },
  },
  'GET /api/v1/orgs/:org/apps': {
    summary: "An organization's apps",
    tags: ['apps'],
    security: bearerSecurity,
    params: OrgParams,
    response: {
      200: Type.Object({ ok: Type.Literal(true), apps: Type.Array(AppSchema) }),
      ...errorResponses(401, 404),
    },
  },
  'GET /api/v1/orgs/:org/apps/:slug': {
    summary: 'One app',
    tags: ['apps'],
    security: bearerSecurity,
    params: AppParams,
    response: { 200: AppReply, ...errorResponses(401, 404) },
  },
  'PATCH /api/v1/orgs/:org/apps/:slug': {
    summary:
      'Change app metadata or origin (a change to an approved app goes back to moderation), or how long its form ' +
      'responses are kept',
    tags: ['apps'],
    security: bearerSecurity,
    params: AppParams,
    body: UpdateAppBody,
    response: { 200: AppReply, ...errorResponses(400, 401, 404, 422) },
  },
});
