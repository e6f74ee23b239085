// The proxy's routes in Fastify (DESIGN.md): `screen/<path>` by GET, `api/<path>` by GET, POST, PUT, PATCH, DELETE,
// `storage[/<key>]` by GET, PUT, DELETE.
import { MAX_PROXY_REQUEST_BYTES } from '@miniapps/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { STORAGE_METHODS } from '../storage/proxy-answer.js';
import type { ProxyKind } from './check-answer.js';
import type { createProxyEntry } from './http-entry.js';
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
    bodyLimit: MAX_PROXY_REQUEST_BYTES,
  });
  for (const url of ['/:org/:slug/screen', '/:org/:slug/screen/*']) {
    app.route({ method: 'GET', url, ...docs('screen'), handler: forward });
  }
  for (const url of ['/:org/:slug/api', '/:org/:slug/api/*']) {
    app.route({ method: [...API_METHODS], url, ...docs('api'), handler: forward });
  }
  // Per-user storage (issue 20): the app is opened as for a screen, and the calls count in the same limit.
  const storageDocs = (summary: string) => ({
    schema: {
      summary,
      description:
        'Keys are 1 to 64 of A-Z a-z 0-9 _ . - (else 400 bad_key); a value is any JSON of at most 4096 bytes of ' +
        'UTF-8 JSON text (413 value_too_large); at most 100 keys per user and app (422 too_many_keys). ' +
        'Answers: GET storage {ok, values}; GET storage/{key} {ok, key, value} or 404 not_found; PUT and DELETE {ok}.',
      tags: ['proxy'],
      security: [{ bearerAuth: [] }],
    },
    exposeHeadRoute: false,
    bodyLimit: MAX_PROXY_REQUEST_BYTES,
  });
  app.route({
    method: 'GET',
    url: '/:org/:slug/storage',
    ...storageDocs("Every key and value the user keeps in the app's storage"),
    handler: forward,
  });
  app.route({
    method: [...STORAGE_METHODS],
    url: '/:org/:slug/storage/:key',
    ...storageDocs(
      "One key of the user's storage in the app: read, write (the body is the JSON value) or remove",
    ),
    handler: forward,
  });
  // A hosted app's strings for `${t.key}` (issue 22), in the language of Accept-Language.
  app.route({
    method: 'GET',
    url: '/:org/:slug/strings',
    schema: {
      summary:
        "The app's strings in the user's language (Accept-Language), for the t binding root in its screens",
      description:
        'Answers {ok, locale, locales, strings}: the locale of the version in use that best fits Accept-Language ' +
        '(q-values; the same tag, then the same language), else the first the app deployed; locale null and no ' +
        'strings for an app without any.',
      tags: ['proxy'],
      security: [{ bearerAuth: [] }],
    },
    exposeHeadRoute: false,
    handler: forward,
  });
  // Other methods (405 with Allow) and paths (404) are the entry's answers too. HEAD is routed
  // explicitly: a catch-all GET elsewhere in the app would otherwise answer it.
  for (const url of [
    '/:org/:slug/screen',
    '/:org/:slug/screen/*',
    '/:org/:slug/api',
    '/:org/:slug/api/*',
    '/:org/:slug/storage',
    '/:org/:slug/storage/:key',
    '/:org/:slug/strings',
  ]) {
    app.route({ method: 'HEAD', url, handler: forward });
  }
  app.setNotFoundHandler(forward);
};
