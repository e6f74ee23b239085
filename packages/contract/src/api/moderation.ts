// Moderation: the review queue, the four decisions, and an app's audit log.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { MAX_MODERATION_REASON } from '../limits.js';
import { AppReply } from './apps.js';
import { AppParams, bearerSecurity, errorResponses, Nullable, NullableText } from './common.js';

const Change = <T extends Type.TSchema>(value: T) =>
  Type.Union([Type.Object({ from: Type.Union([value, Type.Null()]), to: value }), Type.Null()]);

export const ChangeSummarySchema = Type.Object({
  firstReview: Type.Boolean(),
  screens: Type.Union([
    Type.Object({
      added: Type.Array(Type.String()),
      removed: Type.Array(Type.String()),
      changed: Type.Array(Type.String()),
      unchanged: Type.Integer(),
    }),
    Type.Null(),
  ]),
  files: Type.Union([
    Type.Array(
      Type.Object({
        kind: Type.Union([Type.Literal('data'), Type.Literal('strings')]),
        name: Type.String(),
        bytes: Type.Integer(),
        change: Type.Union([
          Type.Literal('added'),
          Type.Literal('changed'),
          Type.Literal('unchanged'),
          Type.Literal('removed'),
        ]),
      }),
    ),
    Type.Null(),
  ]),
  name: Change(Type.String()),
  startPath: Change(Type.String()),
  origin: Change(Type.Union([Type.String(), Type.Null()])),
  icon: Change(Type.Union([Type.String(), Type.Null()])),
  description: Change(Type.Union([Type.String(), Type.Null()])),
  category: Change(Type.Union([Type.String(), Type.Null()])),
  scopes: Type.Union([
    Type.Object({ added: Type.Array(Type.String()), removed: Type.Array(Type.String()) }),
    Type.Null(),
  ]),
});
/** What changed since the live version, as a moderator reviews it. */
export type ChangeSummary = Type.Static<typeof ChangeSummarySchema>;

export const QueueItemSchema = Type.Object({
  organizationId: Type.String(),
  organizationName: Type.String(),
  slug: Type.String(),
  sourceKind: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  liveVersion: Type.Union([Type.Integer(), Type.Null()]),
  submittedAt: Type.String(),
  changes: ChangeSummarySchema,
});
export type QueueItem = Type.Static<typeof QueueItemSchema>;

export const QueueReply = Type.Object({ ok: Type.Literal(true), queue: Type.Array(QueueItemSchema) });

export const AuditEntrySchema = Type.Object({
  at: Type.String(),
  action: Type.String(),
  actor: Nullable(Type.Object({ id: Type.String(), email: Type.String() })),
  from: NullableText,
  to: NullableText,
  reason: NullableText,
  version: Nullable(Type.Integer()),
  details: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type AuditEntry = Type.Static<typeof AuditEntrySchema>;

export const AuditReply = Type.Object({ ok: Type.Literal(true), entries: Type.Array(AuditEntrySchema) });

const Reason = Type.String({
  minLength: 1,
  maxLength: MAX_MODERATION_REASON,
  description: 'Shown to the developer',
});

/** Every decision answers the app as it now is; only the body differs. */
const decision = <B extends Type.TSchema>(summary: string, body: B) => ({
  summary,
  tags: ['moderation'] as const,
  security: bearerSecurity,
  params: AppParams,
  body,
  response: { 200: AppReply, ...errorResponses(400, 401, 403, 404, 409) },
});

export const moderationEndpoints = defineEndpoints({
  'GET /api/v1/moderation/queue': {
    summary: 'Apps waiting for review, oldest first, with what changed since the live version',
    tags: ['moderation'],
    security: bearerSecurity,
    querystring: Type.Object({
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    }),
    response: { 200: QueueReply, ...errorResponses(400, 401, 403) },
  },
  'POST /api/v1/moderation/apps/:org/:slug/approve': decision(
    'Approve: the head becomes the live version users see',
    Type.Object(
      { version: Type.Optional(Type.Integer({ minimum: 0, description: 'The head version reviewed' })) },
      { additionalProperties: false },
    ),
  ),
  'POST /api/v1/moderation/apps/:org/:slug/reject': decision(
    'Reject the version in review, with a reason the developer sees',
    Type.Object({ reason: Reason }, { additionalProperties: false }),
  ),
  'POST /api/v1/moderation/apps/:org/:slug/suspend': decision(
    'Suspend: hide the app and refuse deploys, optionally revoking notifications',
    Type.Object(
      {
        reason: Reason,
        revokeNotifications: Type.Optional(
          Type.Boolean({
            description: "Remove the notifications scope from the app and from every user's consent",
          }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  'POST /api/v1/moderation/apps/:org/:slug/unsuspend': decision(
    'Unsuspend: restore the status the app had before',
    Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false }),
  ),
  'GET /api/v1/orgs/:org/apps/:slug/audit': {
    summary: "An app's audit log, newest first: who moved it from which state to which, when and why",
    tags: ['moderation'],
    security: bearerSecurity,
    params: AppParams,
    querystring: Type.Object({
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
    }),
    response: { 200: AuditReply, ...errorResponses(400, 401, 404) },
  },
});
