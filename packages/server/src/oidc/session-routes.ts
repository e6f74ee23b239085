// The browser session's own routes: who is signed in (and the CSRF token), and signing out here and at the IdP.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { browserSessionEndpoints } from '@miniapps/contract/api';
import { authenticateUser, userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { CSRF_HEADER, cookie, cookieNames, csrfMatches, readCookie } from '../sessions/cookies.js';
import { openSessionToken, sessionIdOf } from '../sessions/store.js';
import type { RelyingParty } from './relying-party.js';

export const sessionRoutes: FastifyPluginAsyncTypebox<{ platform: Platform; rp: RelyingParty }> = async (
  app,
  { platform, rp },
) => {
  const key = platform.config.keys.platformKey;
  const secure = rp.config.secureCookies;
  const { session: SESSION_COOKIE } = cookieNames(secure);

  const route = routesOf(app.prefix, browserSessionEndpoints);

  app.route({
    ...route('GET /auth/session'),
    // The /api/v1 hook's check, here for the one route outside /api/v1 that needs the session.
    onRequest: async (request) => {
      await authenticateUser(platform, request, { cookieOnly: true });
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ok: true as const, user: userOf(request), csrfToken: request.webSession!.csrfToken };
    },
  });

  app.route({
    ...route('POST /auth/logout'),
    handler: async (request, reply) => {
      const value = readCookie(request.headers.cookie, SESSION_COOKIE);
      let redirect = '/';
      if (value) {
        const id = sessionIdOf(value);
        const row = await platform.sessions.find(id);
        // A forged sign-out from another site ends nobody's session: the CSRF token must match.
        if (row && csrfMatches(request.headers[CSRF_HEADER], row.csrfToken)) {
          await platform.sessions.delete(id);
          redirect = rp.logoutUrl(openSessionToken(key, row, 'id'))?.href ?? '/';
        } else if (row) {
          throw new AppError('forbidden', { key: 'auth.csrf' });
        }
      }
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', cookie(SESSION_COOKIE, '', { secure, maxAge: 0 }))
        .send({ ok: true as const, redirect });
    },
  });
};
