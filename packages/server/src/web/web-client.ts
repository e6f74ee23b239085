// Serves the built web client at `/`: its files, index.html for client routes and its service worker (/sw.js, never
// cached by HTTP); API paths keep their JSON 404.
import { statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../platform.js';
import { appManifests } from './app-manifest.js';
import { indexPage } from './index-page.js';
import { serviceWorkerScript } from './service-worker-script.js';

/** Where `npm run build -w @miniapps/web` writes the client. */
export const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Prefixes that belong to the API: an unknown path under them is a JSON 404, never the client's page. */
const API_PREFIXES = ['/api/', '/functions/', '/docs/', '/auth/'];
const API_PATHS = new Set([
  '/api',
  '/functions',
  '/docs',
  '/openapi.json',
  '/healthz',
  '/readyz',
  '/metrics',
]);

/**
 * The page may load scripts and styles only from here and pictures from any https address (the image widget).
 * `'wasm-unsafe-eval'` lets it compile WebAssembly (the barcode reader, from its own /assets), not evaluate text.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  // The service worker (/sw.js) and the web app manifest, both from the platform itself.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Mini-apps</title>' +
  '<p>The web client is not built yet. Run <code>npm run build -w @miniapps/web</code> (or <code>npm start</code>, which builds it).</p>';

export interface WebClientOptions {
  platform: Platform;
  /** The built client; defaults to packages/web/dist. */
  distDir?: string;
}

export async function webClientRoutes(app: FastifyInstance, options: WebClientOptions): Promise<void> {
  const distDir = options.distDir ?? DEFAULT_WEB_DIST;
  const config = options.platform.config;
  const page = indexPage(join(distDir, 'index.html'), {
    env: config.env,
    devLogin: config.devLogin,
    devInbox: config.devLogin,
    oidc: config.oidc ? { displayName: config.oidc.displayName } : null,
    mapLink: config.mapLink,
  });
  const worker = serviceWorkerScript(join(distDir, 'sw.js'));
  const manifests = appManifests(join(distDir, 'manifest.webmanifest'));
  await app.register(fastifyStatic, { root: distDir, serve: false });

  const sendPage = (reply: FastifyReply) => {
    const html = page.read();
    reply.header('cache-control', 'no-cache').header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin');
    if (html === undefined) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.type('text/html; charset=utf-8').send(html);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return reply.callNotFound();
    }
    if (path === '/' || path === '/index.html') return sendPage(reply);
    if (path === '/sw.js') {
      const html = page.read();
      // Checked on every navigation (no-cache), so a deploy reaches installed clients at their next open.
      return sendFresh(reply, 'text/javascript', html === undefined ? undefined : worker.read(html));
    }
    if (manifests.matches(path)) {
      const manifest = manifests.read(path, (request.query as Record<string, unknown>).name);
      return sendFresh(reply, 'application/manifest+json', manifest);
    }
    const file = builtFile(distDir, path);
    if (file) {
      // Vite names assets by content hash, so they never change under their name.
      const immutable = file.startsWith(`assets${sep}`);
      return reply.sendFile(file, {
        maxAge: immutable ? '365d' : 0,
        immutable,
        cacheControl: true,
      });
    }
    // A client route (e.g. /apps/acme/menu?page=/today) opened in the browser; other callers get the JSON 404.
    if (acceptsHtml(request)) return sendPage(reply);
    return reply.callNotFound();
  };
  app.get('/*', { schema: { hide: true } }, handler);
  app.get('/', { schema: { hide: true } }, handler);
}

/** A text the platform makes from the build, revalidated at every use; the JSON 404 while there is none. */
function sendFresh(reply: FastifyReply, type: string, body: string | undefined) {
  if (body === undefined) return reply.callNotFound();
  return reply
    .type(`${type}; charset=utf-8`)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** The path of a file inside the build for a URL path, or undefined; never a path outside `distDir`. */
function builtFile(distDir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const absolute = resolve(distDir, `.${decoded}`);
  if (!absolute.startsWith(distDir + sep)) return undefined;
  const stat = statSync(absolute, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  return absolute.slice(distDir.length + 1);
}
