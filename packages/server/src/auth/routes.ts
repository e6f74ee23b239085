// Who am I, and the dev login that issues user tokens on the embedded default.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { meEndpoints } from '@miniapps/contract/api';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import { newUuid } from '../ids.js';
import type { Platform } from '../platform.js';
import { authenticateUser, userOf } from './authenticate.js';
import { takeProfile } from './profile-intake.js';
import { emailOf } from './profile-values.js';
import { findUserByEmail, upsertUser } from './users-repository.js';

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
      const user = await upsertUser(platform.db, id, {
        ...intake.profile,
        roles: roles ?? existing?.roles ?? [],
      });
      const token = await issue({ sub: user.id, email: user.email });
      return { ok: true as const, token, user };
    },
  });

  app.route({
    ...route('GET /api/v1/me'),
    onRequest: async (request) => {
      await authenticateUser(platform, request);
    },
    handler: async (request) => ({ ok: true as const, user: userOf(request) }),
  });
};
