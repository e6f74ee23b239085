// Fastify 5: `app.register(miniappPlugin, { secret })` refuses unsigned requests; `request.miniapp` is the user.
import type { FastifyPluginAsync } from 'fastify';
import { refusalBody, VERIFY_FAILURE_STATUS } from '../failures.js';
import type { Identity } from '../identity.js';
import { checkOptions, verifyRequest } from '../verify.js';
import type { MiddlewareOptions } from './node.js';

export type { Identity, MiddlewareOptions };

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified user; set by the miniappPlugin of @miniapps/sdk/fastify (null only before it runs). */
    miniapp: Identity | null;
  }
}

const plugin: FastifyPluginAsync<MiddlewareOptions> = async (app, options) => {
  checkOptions(options);
  app.decorateRequest('miniapp', null);
  app.addHook('onRequest', async (request, reply) => {
    const result = verifyRequest(request.headers, options);
    if (!result.ok) {
      options.onRefused?.(result);
      return reply.code(VERIFY_FAILURE_STATUS).send(refusalBody(result));
    }
    request.miniapp = result.identity;
  });
};

// What fastify-plugin would do, without the dependency: the hook applies to the scope it is registered in,
// not only to a child scope of its own.
Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: '@miniapps/sdk',
});

/**
 * Fastify plugin: 401 JSON for a request the proxy did not sign, `request.miniapp` for one it did.
 *
 * @example
 * await app.register(miniappPlugin, { secret: process.env.MINIAPP_SECRET! });
 * app.get('/', async (request) => ({ type: 'text', text: `Hi ${request.miniapp?.name ?? ''}` }));
 */
export const miniappPlugin = plugin;
