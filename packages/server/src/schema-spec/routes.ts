// GET /schema/screen.json and /schema/registry.json: the screen format for renderers on other platforms, public.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { specFiles } from '@miniapps/schema';
import { Type } from 'typebox';

/**
 * The documents change only when the platform is upgraded; an hour keeps renderers from asking on every launch,
 * and the ETag makes the check after it a 304 without a body.
 */
const CACHE_CONTROL = 'public, max-age=3600';

interface Served {
  text: string;
  etag: string;
}

function served(text: string): Served {
  const hash = createHash('sha256').update(text).digest('base64url').slice(0, 27);
  return { text, etag: `"${hash}"` };
}

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Documented as the JSON object it is; typed as the prepared text the handler sends. */
const DocumentSchema = Type.Unsafe<string>(
  Type.Object(
    { schemaVersion: Type.String({ description: 'Semantic version of the screen format' }) },
    { additionalProperties: true },
  ),
);

export const schemaSpecRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const files = specFiles();
  const documents = {
    'screen.json': {
      file: served(files['screen.schema.json']),
      summary: 'The JSON Schema (draft 2020-12) of a screen, for renderers and editors; no sign-in',
    },
    'registry.json': {
      file: served(files['registry.json']),
      summary:
        'Every widget and action with its fields, kinds, required flags, enums and descriptions; no sign-in',
    },
  };

  for (const [name, { file, summary }] of Object.entries(documents)) {
    app.get(
      `/schema/${name}`,
      {
        schema: {
          summary,
          description:
            'Carries `schemaVersion` (semver) at the top. Cacheable: answers with an ETag; a request whose ' +
            '`If-None-Match` names it gets 304 without a body. See docs/renderer-spec.md.',
          tags: ['schema'],
          response: {
            200: DocumentSchema,
            304: Type.Unsafe<undefined>({
              description: 'Not modified: the ETag in If-None-Match is current',
            }),
          },
        },
      },
      async (request, reply) => {
        reply.header('etag', file.etag).header('cache-control', CACHE_CONTROL);
        if (matches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
        // Sent as the prepared text: the serializer would otherwise rebuild it on every request.
        return reply.type('application/json; charset=utf-8').send(file.text);
      },
    );
  }
};
