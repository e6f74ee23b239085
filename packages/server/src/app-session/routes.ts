// POST /me/apps/{org}/{slug}/session: the signed-in user's token exchanged for an app session token, the only credential a mini-app's runtime holds.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { appSessionEndpoints } from '@miniapps/contract/api';
import { decodeJwt } from 'jose';
import { mayPreview } from '../apps/access.js';
import { findApp } from '../apps/repository.js';
import { createAppSessionTokens } from '../auth/app-session-tokens.js';
import { bearerToken, userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { appNotFound } from '../proxy/answers/errors.js';
import { liveRefusal } from '../proxy/steps/resolve-app.js';
import { deriveKey } from '../signing/keys.js';

export const appSessionRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;
  const sessions = createAppSessionTokens(deriveKey(platform.config.keys.platformKey, 'app-sessions'));
  const route = routesOf(app.prefix, appSessionEndpoints);

  app.route({
    ...route('POST /api/v1/me/apps/:org/:slug/session'),
    handler: async (request) => {
      const user = userOf(request);
      const { org, slug } = request.params;
      const row = await findApp(db, org, slug);
      if (!row) throw appNotFound(org, slug);
      if (request.body?.preview === true) {
        if (!(await mayPreview(db, row.organizationId, user))) {
          throw new AppError('forbidden', { key: 'proxy.preview_forbidden' });
        }
      } else {
        const refused = liveRefusal(row);
        if (refused) throw refused;
      }
      // The /api/v1 auth hook verified the token, so its `exp` (required there) is read without checking again;
      // a browser's cookie session caps it at the session's absolute end instead.
      const exp = request.webSession
        ? Math.floor(Date.parse(request.webSession.expiresAt) / 1000)
        : decodeJwt(bearerToken(request)!).exp;
      const issued = await sessions.issue(user, { org: row.organizationId, slug: row.slug, id: row.id }, exp);
      return {
        ok: true as const,
        token: issued.token,
        expiresAt: new Date(issued.expiresAt * 1000).toISOString(),
        expiresIn: Math.max(0, issued.expiresAt - Math.floor(Date.now() / 1000)),
      };
    },
  });
};
