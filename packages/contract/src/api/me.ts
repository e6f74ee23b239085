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

export const meEndpoints = defineEndpoints({
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
