// Schemas of the moderation queue and the audit log.
import { Type } from 'typebox';

const Change = <T extends Type.TSchema>(value: T) =>
  Type.Union([Type.Object({ from: Type.Union([value, Type.Null()]), to: value }), Type.Null()]);

const ChangeSummarySchema = Type.Object({
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

export const QueueReply = Type.Object({
  ok: Type.Literal(true),
  queue: Type.Array(
    Type.Object({
      organizationId: Type.String(),
      organizationName: Type.String(),
      slug: Type.String(),
      sourceKind: Type.String(),
      name: Type.String(),
      version: Type.Integer(),
      liveVersion: Type.Union([Type.Integer(), Type.Null()]),
      submittedAt: Type.String(),
      changes: ChangeSummarySchema,
    }),
  ),
});

export const AuditReply = Type.Object({
  ok: Type.Literal(true),
  entries: Type.Array(
    Type.Object({
      at: Type.String(),
      action: Type.String(),
      actor: Type.Union([Type.Object({ id: Type.String(), email: Type.String() }), Type.Null()]),
      from: Type.Union([Type.String(), Type.Null()]),
      to: Type.Union([Type.String(), Type.Null()]),
      reason: Type.Union([Type.String(), Type.Null()]),
      version: Type.Union([Type.Integer(), Type.Null()]),
      details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    }),
  ),
});
