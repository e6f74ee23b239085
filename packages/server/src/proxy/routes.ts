// The proxy's client-side routes (DESIGN.md): `screen/<path>` by GET, `api/<path>` by GET, POST, PUT, PATCH, DELETE.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from '../errors.js';
import type { Platform } from '../platform.js';
import type { ServiceInvoker } from '../services/invoke.js';
import { isSlug } from '../slug.js';
import type { ProxyKind } from './check-answer.js';
import { appNotFound } from './errors.js';
import { createProxyPipeline, type ProxyMethod } from './pipeline.js';
import { PREVIEW_HEADER } from './resolve-app.js';

export const PROXY_PREFIX = '/functions/v1/miniapp-proxy';

/** Largest request body passed on to an origin, the same cap as its answer. */
const MAX_REQUEST_BODY = 512 * 1024; // 512 KB
const API_METHODS: ProxyMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ALLOWED: Record<ProxyKind, string> = { screen: 'GET', api: API_METHODS.join(', ') };

export const proxyRoutes: FastifyPluginAsync<{ platform: Platform; services: ServiceInvoker }> = async (
  app,
  { platform, services },
) => {
  const proxy = createProxyPipeline(platform, services);

  // Bodies go to the origin byte for byte, whatever their type: no parsing here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const handle = (kind: ProxyKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { org, slug, rawPath, rawQuery } = splitUrl(request.raw.url ?? request.url);
    if (!isSlug(org) || !isSlug(slug)) throw appNotFound(org, slug);
    const body = Buffer.isBuffer(request.body) && request.method !== 'GET' ? request.body : undefined;
    const preview = request.headers[PREVIEW_HEADER];
    const answer = await proxy(request, {
      org,
      slug,
      kind,
      method: request.method as ProxyMethod,
      rawPath,
      rawQuery,
      headers: request.headers,
      body,
      preview: preview === '1' || preview === 'true',
    });
    return (
      reply
        .code(answer.status)
        .header('content-type', 'application/json; charset=utf-8')
        // Answers carry one user's data: no shared cache may keep them.
        .header('cache-control', 'private, no-store')
        .send(answer.body)
    );
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
    app.route({ method: 'GET', url, ...docs('screen'), handler: handle('screen') });
  }
  for (const url of ['/:org/:slug/api', '/:org/:slug/api/*']) {
    app.route({ method: API_METHODS, url, ...docs('api'), handler: handle('api') });
  }

  // Any other method on a proxy route is 405 with the methods that are allowed; other paths are 404.
  // HEAD is routed explicitly: a catch-all GET elsewhere in the app would otherwise answer it.
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    const kind = /^\/functions\/v1\/miniapp-proxy\/[^/?]+\/[^/?]+\/(screen|api)(?:[/?]|$)/.exec(
      request.url,
    )?.[1] as ProxyKind | undefined;
    const error = kind
      ? new AppError('method_not_allowed', `${request.method} is not allowed here; use ${ALLOWED[kind]}.`)
      : new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}`);
    if (kind) reply.header('allow', ALLOWED[kind]);
    return reply.status(error.status).send(errorBody(error));
  };
  for (const url of ['/:org/:slug/screen', '/:org/:slug/screen/*', '/:org/:slug/api', '/:org/:slug/api/*']) {
    app.route({ method: 'HEAD', url, handler: refuse });
  }
  app.setNotFoundHandler(refuse);
};

/** Splits `/functions/v1/miniapp-proxy/{org}/{slug}/{kind}/<path>?<query>` without decoding anything. */
export function splitUrl(url: string) {
  const mark = url.indexOf('?');
  const pathPart = mark === -1 ? url : url.slice(0, mark);
  const segments = pathPart.slice(PROXY_PREFIX.length + 1).split('/');
  return {
    org: segments[0] ?? '',
    slug: segments[1] ?? '',
    rawPath: `/${segments.slice(3).join('/')}`,
    rawQuery: mark === -1 ? '' : url.slice(mark + 1),
  };
}
