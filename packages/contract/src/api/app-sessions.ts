// The app session exchange: the signed-in user's token traded for a token bound to one app, the only credential a
// mini-app's runtime holds.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { APP_SESSION_SECONDS } from '../limits.js';
import { AppParams, bearerSecurity, errorResponses } from './common.js';

export const SessionBody = Type.Union([
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
/** An app session token and when it lapses. */
export type AppSession = Type.Static<typeof SessionReply>;

export const appSessionEndpoints = defineEndpoints({
  'POST /api/v1/me/apps/:org/:slug/session': {
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
});
