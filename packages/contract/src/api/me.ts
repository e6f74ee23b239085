// Who the caller is, and the dev login that issues user tokens on the embedded default.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { MAX_EMAIL, MAX_FULL_NAME, MAX_GROUP } from '../limits.js';
import { bearerSecurity, errorResponses, UserSchema } from './common.js';

export const DevLoginBody = Type.Object({
  email: Type.String({
    maxLength: MAX_EMAIL,
    description: 'An e-mail address (stored lowercase; an internationalized domain in punycode)',
  }),
  fullName: Type.Optional(Type.String({ maxLength: MAX_FULL_NAME })),
  course: Type.Optional(
    Type.String({
      maxLength: 20,
      description: 'The course number is kept ("3 курс" is 3); no number, no course',
    }),
  ),
  group: Type.Optional(Type.String({ maxLength: MAX_GROUP })),
  roles: Type.Optional(Type.Array(Type.Literal('moderator'), { maxItems: 1 })),
});
export type DevLogin = Type.Static<typeof DevLoginBody>;

export const CliSignInSchema = Type.Object({
  ok: Type.Literal(true),
  issuer: Type.String({ description: 'The OpenID Provider; its discovery document is under /.well-known/' }),
  clientId: Type.String({ description: 'The public client registered there for the CLI' }),
  scopes: Type.Array(Type.String(), { description: 'Scopes the CLI asks for' }),
});
export type CliSignIn = Type.Static<typeof CliSignInSchema>;

export const meEndpoints = defineEndpoints({
  'GET /api/v1/auth/cli': {
    summary: 'Where the CLI signs in: the identity provider and its client id; no sign-in',
    description:
      '`miniapps login` reads this, then signs in at the issuer with the device authorization grant ' +
      '(RFC 8628) or a loopback redirect (RFC 8252). 404 `sign_in_not_configured` when OIDC_ISSUER or ' +
      'OIDC_CLI_CLIENT_ID is unset.',
    tags: ['auth'],
    response: { 200: CliSignInSchema, ...errorResponses(404) },
  },
  'POST /api/v1/dev/login': {
    summary: 'Sign in without an identity provider (development only)',
    tags: ['auth'],
    body: DevLoginBody,
    response: {
      200: Type.Object({ ok: Type.Literal(true), token: Type.String(), user: UserSchema }),
      ...errorResponses(400, 403),
    },
  },
  'GET /api/v1/me': {
    summary: 'The signed-in user',
    tags: ['auth'],
    security: bearerSecurity,
    response: { 200: Type.Object({ ok: Type.Literal(true), user: UserSchema }), ...errorResponses(401) },
  },
});
