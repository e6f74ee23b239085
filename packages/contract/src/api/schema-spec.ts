// The screen format for renderers on other platforms: its JSON Schema and its widget and action registry, public.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';

/** Documented as the JSON object it is; typed as the prepared text the server sends. */
const DocumentSchema = Type.Unsafe<string>(
  Type.Object(
    { schemaVersion: Type.String({ description: 'Semantic version of the screen format' }) },
    { additionalProperties: true },
  ),
);

const document = (summary: string) => ({
  summary,
  description:
    'Carries `schemaVersion` (semver) at the top. Cacheable: answers with an ETag; a request whose ' +
    '`If-None-Match` names it gets 304 without a body. See docs/renderer-spec.md.',
  tags: ['schema'] as const,
  response: {
    200: DocumentSchema,
    304: Type.Unsafe<undefined>({ description: 'Not modified: the ETag in If-None-Match is current' }),
  },
});

export const schemaSpecEndpoints = defineEndpoints({
  'GET /api/v1/schema/screen.json': document(
    'The JSON Schema (draft 2020-12) of a screen, for renderers and editors; no sign-in',
  ),
  'GET /api/v1/schema/registry.json': document(
    'Every widget and action with its fields, kinds, required flags, enums and descriptions; no sign-in',
  ),
});
