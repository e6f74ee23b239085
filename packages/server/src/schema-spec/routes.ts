// GET /schema/screen.json and /schema/registry.json: the screen format for renderers on other platforms, public.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { schemaSpecEndpoints } from '@miniapps/contract/api';
import { specFiles } from '@miniapps/schema';
import { noneMatch } from '../http/cacheable.js';
import { routesOf } from '../http/route-of.js';

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

export const schemaSpecRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = routesOf(app.prefix, schemaSpecEndpoints);
  const spec = specFiles();
  const files = {
    'screen.json': served(spec['screen.schema.json']),
    'registry.json': served(spec['registry.json']),
  } as const;

  for (const name of ['screen.json', 'registry.json'] as const) {
    const file = files[name];
    app.route({
      ...route(`GET /api/v1/schema/${name}`),
      handler: async (request, reply) => {
        reply.header('etag', file.etag).header('cache-control', CACHE_CONTROL);
        if (!noneMatch(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
        // Sent as the prepared text: the serializer would otherwise rebuild it on every request.
        return reply.type('application/json; charset=utf-8').send(file.text);
      },
    });
  }
};
