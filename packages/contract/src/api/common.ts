// Schemas many operations share: the error envelope, the user, scopes, the usual path parameters.
import { Type } from 'typebox';
import { MAX_SLUG } from '../limits.js';
import { scopeNames } from '../vocabulary.js';

/** The public error envelope (docs/contract.md "Errors"): `{ok: false, error, message, details?}`. */
export const ErrorSchema = Type.Object(
  {
    ok: Type.Literal(false),
    error: Type.String({ description: 'Stable error code' }),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  },
  { $id: 'Error' },
);
/** A failure's body as any client reads it (the server narrows `error` to its ErrorCode). */
export type ErrorAnswer = Type.Static<typeof ErrorSchema>;

/** Answer schemas for the usual failures of an operation, merged into its `response`. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorSchema } {
  return Object.fromEntries(statuses.map((s) => [s, ErrorSchema])) as {
    [K in S[number]]: typeof ErrorSchema;
  };
}

/** `{ok: true}` and nothing more. */
export const OkReply = Type.Object({ ok: Type.Literal(true) });

export const Nullable = <T extends Type.TSchema>(value: T) => Type.Union([value, Type.Null()]);
export const NullableText = Nullable(Type.String());

export const ScopeSchema = Type.Enum(scopeNames);

export const UserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  fullName: NullableText,
  course: NullableText,
  group: NullableText,
  roles: Type.Array(Type.String()),
});
export type User = Type.Static<typeof UserSchema>;

export const OrgParams = Type.Object({ org: Type.String({ maxLength: MAX_SLUG }) });
export const AppParams = Type.Object({
  org: Type.String({ maxLength: MAX_SLUG }),
  slug: Type.String({ maxLength: MAX_SLUG }),
});

/** Operations that need a user JWT (or, on the automation endpoints, a deploy token). */
export const bearerSecurity = [{ bearerAuth: [] }] as const;
