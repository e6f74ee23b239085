// GET /embed/miniapp-view.js: the <miniapp-view> element for host pages. The stable name redirects to the
// content-hashed module, which is cached for a year; a page always gets the current build within one revalidation.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { DEFAULT_WEB_DIST } from '../web/web-client.js';
import { embedScript } from './embed-script.js';

export interface EmbedOptions {
  /** The built web client (the element is built with it); defaults to packages/web/dist. */
  distDir?: string;
}

const JAVASCRIPT = 'text/javascript; charset=utf-8';

export async function embedRoutes(app: FastifyInstance, options: EmbedOptions): Promise<void> {
  const script = embedScript(join(options.distDir ?? DEFAULT_WEB_DIST, 'embed'));
  const built = () => {
    const current = script.current();
    if (!current) throw new AppError('unavailable', { key: 'embed.not_built' });
    return current;
  };

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
      const { file, code } = built();
      if (request.params.file !== file) {
        throw new AppError('not_found', { key: 'embed.no_file', values: { file: request.params.file } });
      }
      return reply
        .type(JAVASCRIPT)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(code);
    },
  );
}
