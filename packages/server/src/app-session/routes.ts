// POST /me/apps/{org}/{slug}/session: the signed-in user's token exchanged for an app session token, the only credential a mini-app's runtime holds.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decodeJwt } from 'jose';
import { Type } from 'typebox';
import { mayPreview } from '../apps/access.js';
import { findApp } from '../apps/repository.js';
import { APP_SESSION_SECONDS, createAppSessionTokens } from '../auth/app-session-tokens.js';
import { bearerToken, userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { AppParams, bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { appNotFound } from '../proxy/answers/errors.js';
import { liveRefusal } from '../proxy/steps/resolve-app.js';
import { deriveKey } from '../signing/keys.js';

const SessionBody = Type.Union([
  Type.Object(
    {
      preview: Type.Optional(
        Type.Boolean({
          description:
            'For a preview of the head version (members of the organization and moderators): the app need not be published',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

export const SessionReply = Type.Object({
  ok: Type.Literal(true),
  token: Type.String({
    description:
      'Send as Authorization: Bearer on this app’s proxy routes only; every /api/v1 route and other apps answer 401',
  }),
  expiresAt: Type.String({ format: 'date-time' }),
  expiresIn: Type.Integer({
    description: 'Seconds the token lives from now; renew before (a host may trust this over its own clock)',
  }),
});

export const appSessionRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;
  const sessions = createAppSessionTokens(deriveKey(platform.config.keys.platformKey, 'app-sessions'));

  app.post(
    '/me/apps/:org/:slug/session',
    {
      schema: {
        summary: 'Exchange my token for an app session token bound to this app',
        description:
          `The token lives ${APP_SESSION_SECONDS / 60} minutes, never past the user token that asked for it. The app ` +
          'must be openable as on the proxy: published and not suspended (403 app_unavailable), or with ' +
          '`preview` by a member of its organization or a moderator (403 forbidden); 404 app_not_found otherwise. ' +
          'The body may be left out (no preview).',
        tags: ['proxy'],
        security: bearerSecurity,
        params: AppParams,
        body: Type.Optional(SessionBody),
        response: { 200: SessionReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
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
  );
};
