// CORS for the client endpoints (the proxy's entry calls proxyCors itself), so a page on another origin can embed mini-apps (<miniapp-view>): origins in
// CORS_ORIGINS get the headers, every other origin gets none. The consoles' endpoints never answer cross-origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { CorsOrigins } from '../config/cors.js';

/**
 * What a host page calls: the catalog, the user's consent and devices, the renderer spec. (`/embed/…`, the
 * element's script and its origin check, is public to every origin: embed/routes.ts.)
 */
const CLIENT_PREFIXES = ['/api/v1/catalog', '/api/v1/me', '/api/v1/schema'];

/**
 * Tokens travel in Authorization, never in cookies, so no credentials mode: nothing else is needed. If-None-Match
 * lets a host kit revalidate what it keeps (http/cacheable.ts).
 */
const ALLOW_HEADERS =
  'authorization, content-type, accept, accept-language, if-none-match, x-miniapps-preview, x-miniapps-start-param, x-miniapps-launch-source';
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Headers a page's script may read: the rate limit's wait and the validator of cacheable answers. */
const EXPOSE_HEADERS = 'retry-after, etag';
const PREFLIGHT_MAX_AGE = '600'; // seconds

export interface Cors {
  /** The value of Access-Control-Allow-Origin for this Origin, or undefined when it is not allowed. */
  allow(origin: string): string | undefined;
}

export function createCors(origins: CorsOrigins): Cors | undefined {
  if (origins === 'any') return { allow: (origin) => origin };
  if (origins.length === 0) return undefined;
  const allowed = new Set(origins);
  return { allow: (origin) => (allowed.has(origin) ? origin : undefined) };
}

function isClientPath(url: string): boolean {
  return CLIENT_PREFIXES.some((prefix) => {
    if (!url.startsWith(prefix)) return false;
    const next = url[prefix.length];
    return next === undefined || next === '/' || next === '?';
  });
}

/**
 * The CORS headers for a request with this Origin (`Vary: origin` always, the rest only for an allowed
 * origin, with a preflight's own on top), and whether it is an allowed preflight, answered 204 at once.
 */
function corsFor(
  cors: Cors,
  method: string | undefined,
  headers: IncomingMessage['headers'],
  origin: string,
): { headers: Array<[string, string]>; preflight: boolean } {
  const out: Array<[string, string]> = [['vary', 'origin']];
  const allowed = cors.allow(origin);
  if (allowed === undefined) return { headers: out, preflight: false };
  out.push(['access-control-allow-origin', allowed], ['access-control-expose-headers', EXPOSE_HEADERS]);
  const preflight = method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
  if (preflight) {
    out.push(
      ['access-control-allow-methods', ALLOW_METHODS],
      ['access-control-allow-headers', ALLOW_HEADERS],
      ['access-control-max-age', PREFLIGHT_MAX_AGE],
    );
  }
  return { headers: out, preflight };
}

/**
 * For the proxy's own entry, which answers without Fastify: sets the headers of an allowed origin and answers its
 * preflight (true: answered). Called only for requests that carry an Origin.
 */
export function proxyCors(
  cors: Cors,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  security: readonly string[] = [],
): boolean {
  const { headers, preflight } = corsFor(cors, req.method, req.headers, origin);
  for (const [name, value] of headers) res.setHeader(name, value);
  if (!preflight) return false;
  res.writeHead(204, [...security]).end();
  return true;
}

/** CORS on the client endpoints Fastify answers (the proxy's entry does its own: proxyCors). */
export function registerCors(app: FastifyInstance, cors: Cors | undefined): void {
  if (!cors) return;
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || !isClientPath(request.url)) return done();
    const { headers, preflight } = corsFor(cors, request.method, request.headers, origin);
    for (const [name, value] of headers) reply.header(name, value);
    if (preflight) return reply.code(204).send();
    done();
  });
}
