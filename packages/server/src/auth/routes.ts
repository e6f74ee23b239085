// Who am I, and the dev login that issues user tokens on the embedded default.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { meEndpoints } from '@miniapps/contract/api';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import { newUuid } from '../ids.js';
import type { Platform } from '../platform.js';
import { userOf } from './authenticate.js';
import { takeProfile } from './profile-intake.js';
import { emailOf } from './profile-values.js';
import { createUserIfAbsent, findUserByEmail, upsertUser } from './users-repository.js';

export const authRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, meEndpoints);
  app.route({
    ...route('POST /api/v1/dev/login'),
    handler: async (request) => {
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
  });

  app.route({
    ...route('GET /api/v1/me'),
    handler: async (request) => ({ ok: true as const, user: userOf(request) }),
  });
};
