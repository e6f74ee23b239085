// The proxy's routes in Fastify, from the route table (route-table.ts): they describe the proxy in the OpenAPI
// document and forward to the proxy's entry whatever still arrives here.

import { MAX_PROXY_REQUEST_BYTES } from '@miniapps/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PROXY_ROUTES, type ProxyRoute } from '../route-table.js';
import type { createProxyEntry } from './http-entry.js';

/**
 * The listening server gives proxy URLs to the entry before Fastify sees them (app.ts); these routes
 * describe them in the OpenAPI document and forward what still arrives here (`inject` in tests) to
 * the same entry, which reads the body itself and answers every method and path under the prefix.
 */
export const proxyRoutes: FastifyPluginAsync<{ entry: ReturnType<typeof createProxyEntry> }> = async (
  app,
  { entry },
) => {
  // The entry checks what it reads (query text, storage values), as for requests that never pass here.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, inputGuard: 'off' };
  });
  // Bodies are left unread for the entry, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    entry(request.raw, reply.raw);
  };

  const routes: readonly ProxyRoute[] = Object.values(PROXY_ROUTES).flat();
  for (const route of routes) {
    const schema = {
      summary: route.summary,
      ...(route.description !== undefined && { description: route.description }),
      tags: ['proxy'],
      security: [{ bearerAuth: [] }],
    };
    for (const url of route.urls) {
      app.route({
        method: [...route.methods],
        url,
        schema,
        exposeHeadRoute: false,
        ...(route.body && { bodyLimit: MAX_PROXY_REQUEST_BYTES }),
        handler: forward,
      });
      // Other methods (405 with Allow) are the entry's answers too. HEAD is routed explicitly: a catch-all GET
      // elsewhere in the app would otherwise answer it.
      app.route({ method: 'HEAD', url, handler: forward });
    }
  }
  app.setNotFoundHandler(forward);
};
