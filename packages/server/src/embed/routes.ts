// GET /embed/miniapp-view.js: the <miniapp-view> element for host pages. The stable name redirects to the
// content-hashed module, which is cached for a year like the files it loads on first use; a page always gets the current build within one revalidation.
// GET /embed/origin tells a page whether its origin is allowed (CORS_ORIGINS), so the element can say why it stops.
// Everything under /embed is public to every origin: static files and an answer about the caller's own Origin.
import { join } from 'node:path';
import { embedEndpoints } from '@miniapps/contract/api';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { Cors } from '../http/cors.js';
import { routesOf } from '../http/route-of.js';
import { DEFAULT_WEB_DIST } from '../web/web-client.js';
import { embedScript } from './embed-script.js';

export interface EmbedOptions {
  /** The built web client (the element is built with it); defaults to packages/web/dist. */
  distDir?: string;
  /** The platform's CORS rule (CORS_ORIGINS); undefined when no origin is allowed. */
  cors: Cors | undefined;
  /** openMap's link where the host has no map (MAP_LINK_TEMPLATE), handed to every element. */
  mapLink: string;
}

const JAVASCRIPT = 'text/javascript; charset=utf-8';
/** WebAssembly.instantiateStreaming refuses any other type. */
const WASM = 'application/wasm';

export async function embedRoutes(app: FastifyInstance, options: EmbedOptions): Promise<void> {
  const script = embedScript(join(options.distDir ?? DEFAULT_WEB_DIST, 'embed'));
  const route = routesOf(app.prefix, embedEndpoints);
  const built = () => {
    const current = script.current();
    if (!current) throw new AppError('unavailable', { key: 'embed.not_built' });
    return current;
  };

  // `*` without credentials, on errors too: a module script loads cross-origin only with CORS, and an unlisted
  // page must load the element to learn that it is unlisted. Nothing here depends on who asks but /embed/origin,
  // which reads the Origin header only.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    done();
  });

  app.route({
    ...route('GET /embed/origin'),
    handler: async (request, reply) => {
      const origin = request.headers.origin ?? null;
      const allowed = origin === null || options.cors?.allow(origin) !== undefined;
      // The answer depends on Origin; a changed CORS_ORIGINS is seen at the next page load.
      reply.header('cache-control', 'no-cache').header('vary', 'origin');
      return { ok: true as const, origin, allowed, mapLink: options.mapLink };
    },
  });

  app.get(
    '/embed/miniapp-view.js',
    {
      schema: {
        summary: 'The <miniapp-view> custom element (redirects to its content-hashed module)',
        tags: ['embed'],
      },
    },
    async (_request, reply) => {
      const { file } = built();
      // Revalidated on every load (cheap: a redirect), so a new build reaches pages at once.
      return reply.header('cache-control', 'no-cache').redirect(`./${file}`, 302);
    },
  );

  app.get<{ Params: { file: string } }>(
    '/embed/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file, code, lazy } = built();
      const asked = request.params.file;
      // Only names the build's manifest lists: nothing else in the folder, and no path, is ever read.
      const later = lazy.get(asked);
      if (asked !== file && !later) {
        throw new AppError('not_found', { key: 'embed.no_file', values: { file: asked } });
      }
      return reply
        .type(asked.endsWith('.wasm') ? WASM : JAVASCRIPT)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(later ?? code);
    },
  );
}
