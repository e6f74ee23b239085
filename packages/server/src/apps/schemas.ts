// Schemas of the app resource in the management API.
import { Type } from 'typebox';
import { ScopeSchema } from '../http/schemas.js';
import { categories, MAX_ICON } from './listing.js';

const Scopes = Type.Array(ScopeSchema);
const Nullable = <T extends Type.TSchema>(value: T) => Type.Union([value, Type.Null()]);
const NullableText = Nullable(Type.String());

/** Listing fields a developer sets; null clears. Rules beyond the schema: apps/listing.ts. */
const ListingBody = {
  icon: Type.Optional(
    Nullable(Type.String({ maxLength: MAX_ICON, description: 'Absolute https address of the icon' })),
  ),
  description: Type.Optional(
    Nullable(Type.String({ maxLength: 1000, description: 'At most 200 characters (code points)' })),
  ),
  category: Type.Optional(
    Nullable(Type.String({ maxLength: 50, description: `One of: ${categories.join(', ')}` })),
  ),
};

export const AppSchema = Type.Object({
  organizationId: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  sourceKind: Type.Union([Type.Literal('hosted'), Type.Literal('remote'), Type.Literal('service')]),
  origin: Type.Union([Type.String(), Type.Null()]),
  startPath: Type.String(),
  scopes: Scopes,
  icon: NullableText,
  description: NullableText,
  category: NullableText,
  status: Type.String(),
  version: Type.Integer(),
  liveVersion: Type.Union([Type.Integer(), Type.Null()]),
  live: Type.Union([
    Type.Object({
      name: Type.String(),
      origin: Type.Union([Type.String(), Type.Null()]),
      startPath: Type.String(),
      scopes: Scopes,
      icon: NullableText,
      description: NullableText,
      category: NullableText,
    }),
    Type.Null(),
  ]),
  reviewNote: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const CreateAppBody = Type.Object({
  slug: Type.String({ maxLength: 100 }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  sourceKind: Type.Union([Type.Literal('hosted'), Type.Literal('remote'), Type.Literal('service')]),
  origin: Type.Optional(Type.String({ maxLength: 2048 })),
  startPath: Type.Optional(Type.String({ maxLength: 1024 })),
  scopes: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
  ...ListingBody,
});

export const UpdateAppBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    origin: Type.Optional(Type.String({ maxLength: 2048 })),
    startPath: Type.Optional(Type.String({ maxLength: 1024 })),
    scopes: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
    ...ListingBody,
  },
  { additionalProperties: false },
);

export const AppReply = Type.Object({ ok: Type.Literal(true), app: AppSchema });
