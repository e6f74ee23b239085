// The proxy's routes in Fastify (DESIGN.md): `screen/<path>` by GET, `api/<path>` by GET, POST, PUT, PATCH, DELETE.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ProxyKind } from './check-answer.js';
import { type createProxyEntry, MAX_REQUEST_BODY } from './http-entry.js';
import { API_METHODS } from './pipeline.js';

/**
 * The listening server gives proxy URLs to the entry before Fastify sees them (app.ts); these routes
 * describe them in the OpenAPI document and forward what still arrives here (`inject` in tests) to
 * the same entry, which reads the body itself and answers every method and path under the prefix.
 */
export const proxyRoutes: FastifyPluginAsync<{ entry: ReturnType<typeof createProxyEntry> }> = async (
  app,
  { entry },
) => {
  // Bodies are left unread for the entry, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    entry(request.raw, reply.raw);
  };

  const docs = (kind: ProxyKind) => ({
    schema: {
      summary:
        kind === 'screen'
          ? "A mini-app screen: the origin's (remote), the store's (hosted) or the service's answer"
          : 'A mini-app networkRequest, passed to the origin with identity headers',
      tags: ['proxy'],
      security: [{ bearerAuth: [] }],
    },
    exposeHeadRoute: false,
    bodyLimit: MAX_REQUEST_BODY,
  });
  for (const url of ['/:org/:slug/screen', '/:org/:slug/screen/*']) {
    app.route({ method: 'GET', url, ...docs('screen'), handler: forward });
  }
  for (const url of ['/:org/:slug/api', '/:org/:slug/api/*']) {
    app.route({ method: [...API_METHODS], url, ...docs('api'), handler: forward });
  }
  // Other methods (405 with Allow) and paths (404) are the entry's answers too. HEAD is routed
  // explicitly: a catch-all GET elsewhere in the app would otherwise answer it.
  for (const url of ['/:org/:slug/screen', '/:org/:slug/screen/*', '/:org/:slug/api', '/:org/:slug/api/*']) {
    app.route({ method: 'HEAD', url, handler: forward });
  }
  app.setNotFoundHandler(forward);
};
