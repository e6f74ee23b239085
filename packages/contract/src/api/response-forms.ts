// A hosted app's collections as its owners' console reads them: each form's fields, its count and its counts per
// option of the choice fields (docs/decisions.md "Responses console").
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { AppParams, bearerSecurity, errorResponses } from './common.js';

/** What a response field's value is (@miniapps/schema ResponseFieldType). */
export const fieldKinds = [
  'text',
  'email',
  'number',
  'boolean',
  'date',
  'time',
  'datetime',
  'choice',
  'choices',
  'files',
] as const;

const Count = Type.Integer({ minimum: 0 });

export const CollectionFieldSchema = Type.Object({
  name: Type.String(),
  label: Type.Optional(Type.String({ description: 'A literal label; a bound one is known only when drawn' })),
  kind: Type.Enum(fieldKinds, {
    description:
      'What the value is: boolean for a checkbox or switch, choice(s) for a select, files for a fileField',
  }),
  required: Type.Boolean(),
  options: Type.Optional(
    Type.Array(Type.String(), { description: "A select's values; absent when any of them is bound" }),
  ),
});
export type CollectionField = Type.Static<typeof CollectionFieldSchema>;

export const CollectionSchema = Type.Object({
  name: Type.String({ description: "The form's collect.name" }),
  /** False for a collection with responses that the app's current version no longer has. */
  declared: Type.Boolean({ description: "Whether the app's live version (else its head) has this form" }),
  fields: Type.Array(CollectionFieldSchema),
  count: Count,
  capacity: Type.Union([Count, Type.Null()]),
  closesAt: Type.Union([Type.String(), Type.Null()], { description: 'ISO instant, or null' }),
  counts: Type.Record(Type.String(), Type.Record(Type.String(), Count), {
    description:
      'Per select, checkbox and switch field: responses by value (every known option from 0); free text never',
  }),
});
export type Collection = Type.Static<typeof CollectionSchema>;

export const responseFormEndpoints = defineEndpoints({
  'GET /api/v1/orgs/:org/apps/:slug/responses/forms': {
    summary:
      "The app's collections: the fields of each form as its live version states them, how many responses it " +
      'has and their counts per option',
    tags: ['responses'],
    security: bearerSecurity,
    params: AppParams,
    response: {
      200: Type.Object({ ok: Type.Literal(true), forms: Type.Array(CollectionSchema) }),
      ...errorResponses(401, 404),
    },
  },
});
