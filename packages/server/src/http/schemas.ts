// Schemas shared by many routes: the error envelope, the user, common path parameters.
import { Type } from 'typebox';
import { scopeNames } from '../db/schema.js';

export const ErrorSchema = Type.Object(
  {
    ok: Type.Literal(false),
    error: Type.String({ description: 'Stable error code' }),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  },
  { $id: 'Error' },
);

/** Response schemas for the usual failures of a route, merged into its `response`. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorSchema]));
}

export const UserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  course: Type.Union([Type.String(), Type.Null()]),
  group: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
});

export const ScopeSchema = Type.Enum(scopeNames);

export const OrgParams = Type.Object({ org: Type.String({ maxLength: 63 }) });
export const AppParams = Type.Object({
  org: Type.String({ maxLength: 63 }),
  slug: Type.String({ maxLength: 63 }),
});

export const bearerSecurity = [{ bearerAuth: [] }];
