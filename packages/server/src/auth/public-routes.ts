// Safe by default: every /api/v1 route needs a signed-in user, except the few on the one list below.
import type { FastifyRequest } from 'fastify';
import type { Platform } from '../platform.js';
import { authenticateUser } from './authenticate.js';

/**
 * The management API's routes that answer without a user, as `METHOD /url` with the route's pattern (a GET's
 * HEAD goes with it). Anything not here asks for a token, so a route added later is private unless it is
 * named here.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  // Issues the tokens (off in production: 403 dev_login_disabled).
  'POST /api/v1/dev/login',
  // Where `miniapps login` signs in: asked before there is anyone to sign in.
  'GET /api/v1/auth/cli',
  // The screen format for renderers on other platforms (docs/renderer-spec.md).
  'GET /api/v1/schema/screen.json',
  'GET /api/v1/schema/registry.json',
];

const publicRoutes = new Set(PUBLIC_ROUTES);

export function isPublicRoute(method: string, url: string): boolean {
  return publicRoutes.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

/**
 * The /api/v1 plugin's onRequest hook (app.ts): sets request.user or answers 401 `unauthorized` before any
 * route's own hooks, schema or handler run.
 */
export function requireUserUnlessPublic(platform: Platform) {
  return async (request: FastifyRequest): Promise<void> => {
    const route = request.routeOptions;
    if (route.url !== undefined && isPublicRoute(request.method, route.url)) return;
    await authenticateUser(platform, request);
  };
}
