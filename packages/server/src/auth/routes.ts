// Who am I, and the dev login that issues user tokens on the embedded default.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../errors.js';
import { bearerSecurity, errorResponses, UserSchema } from '../http/schemas.js';
import { newUuid } from '../ids.js';
import type { Platform } from '../platform.js';
import { userOf } from './authenticate.js';
import { takeProfile } from './profile-intake.js';
import { emailOf, MAX_EMAIL, MAX_FULL_NAME, MAX_GROUP } from './profile-values.js';
import { createUserIfAbsent, findUserByEmail, upsertUser } from './users-repository.js';

const DevLoginBody = Type.Object({
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

export const authRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  app.post(
    '/dev/login',
    {
      schema: {
        summary: 'Sign in without an identity provider (development only)',
        tags: ['auth'],
        body: DevLoginBody,
        response: {
          200: Type.Object({ ok: Type.Literal(true), token: Type.String(), user: UserSchema }),
          ...errorResponses(400, 403),
        },
      },
    },
    async (request) => {
      const issue = platform.userTokens.issue;
      if (!platform.config.devLogin || !issue) throw new AppError('dev_login_disabled');
      const { roles, ...input } = request.body;
      const email = emailOf(input.email);
      if (email === undefined) {
        const details = [{ in: 'body', path: '/email', message: 'must be an e-mail address' }];
        throw new AppError('bad_request', { key: 'auth.bad_email' }, details);
      }
      const existing = await findUserByEmail(platform.db, email);
      const id = existing?.id ?? newUuid();
      const intake = takeProfile(input, id, platform.log);
      if (!intake.ok) throw new AppError('bad_request', { key: 'auth.bad_email' });
      // A first sign-in creates the account in one statement; when a parallel one made it first, that
      // account is the one refreshed (two new ids for one e-mail collided on its unique index: 500).
      const created = existing
        ? undefined
        : await createUserIfAbsent(platform.db, id, { ...intake.profile, roles: roles ?? [] });
      const holder = existing ?? created ?? (await findUserByEmail(platform.db, email));
      // Only when the account went away between the two statements.
      if (!holder) throw new AppError('conflict');
      const user =
        created ??
        (await upsertUser(platform.db, holder.id, { ...intake.profile, roles: roles ?? holder.roles }));
      const token = await issue({ sub: user.id, email: user.email });
      return { ok: true as const, token, user };
    },
  );

  app.get(
    '/me',
    {
      schema: {
        summary: 'The signed-in user',
        tags: ['auth'],
        security: bearerSecurity,
        response: { 200: Type.Object({ ok: Type.Literal(true), user: UserSchema }), ...errorResponses(401) },
      },
    },
    async (request) => ({ ok: true as const, user: userOf(request) }),
  );
};
