// Signing in a browser with the university's identity provider (outside /api/v1): start, callback, the session's
// user with its CSRF token, and signing out here and at the provider.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { errorResponses, UserSchema } from './common.js';

export const BrowserSessionReply = Type.Object({
  ok: Type.Literal(true),
  user: UserSchema,
  csrfToken: Type.String({
    description: 'Sent as X-CSRF-Token on every write the session cookie authenticates',
  }),
});
export type BrowserSession = Type.Static<typeof BrowserSessionReply>;

export const LogoutReply = Type.Object({
  ok: Type.Literal(true),
  redirect: Type.String({
    description: "Where the browser goes next: the IdP's end_session_endpoint, or home",
  }),
});

export const browserSessionEndpoints = defineEndpoints({
  'GET /auth/login': {
    summary: 'Start signing in with the identity provider (redirects there)',
    tags: ['auth'],
    querystring: Type.Object({
      return_to: Type.Optional(Type.String({ maxLength: 2000 })),
      /** The page's language (the person's choice may differ from the browser's); else Accept-Language. */
      lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ru')])),
    }),
    response: { 302: Type.Null({ description: 'To the identity provider' }) },
  },
  'GET /auth/callback': {
    summary: 'The identity provider sends the browser back here',
    tags: ['auth'],
    response: { 302: Type.Null({ description: 'Signed in: to the page the person started from' }) },
  },
  'GET /auth/session': {
    summary: "The browser session's user and the CSRF token its writes carry",
    tags: ['auth'],
    response: { 200: BrowserSessionReply, ...errorResponses(401) },
  },
  'POST /auth/logout': {
    summary: 'Sign out: ends the session here and, when the IdP offers it, there too',
    tags: ['auth'],
    response: { 200: LogoutReply, ...errorResponses(403) },
  },
});
