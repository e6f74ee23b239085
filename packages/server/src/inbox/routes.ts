// Management API: the signed-in user's development push inbox (read, mark read, empty); 404 without the dev login.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inboxEndpoints } from '@miniapps/contract/api';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { clearInbox, markInboxRead, readInbox } from './store.js';

export const inboxRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, inboxEndpoints);
  const db = platform.db;
  // Production (no dev login) answers as if the routes did not exist: the inbox is a development tool.
  const devOnly = () => {
    if (!platform.config.devLogin) throw new AppError('not_found');
  };

  app.route({
    ...route('GET /api/v1/me/inbox'),
    handler: async (request) => {
      devOnly();
      const { before, limit } = request.query;
      return { ok: true as const, ...(await readInbox(db, userOf(request).id, { before, limit })) };
    },
  });

  app.route({
    ...route('POST /api/v1/me/inbox/read'),
    handler: async (request) => {
      devOnly();
      return { ok: true as const, updated: await markInboxRead(db, userOf(request).id) };
    },
  });

  app.route({
    ...route('DELETE /api/v1/me/inbox'),
    handler: async (request) => {
      devOnly();
      return { ok: true as const, removed: await clearInbox(db, userOf(request).id) };
    },
  });
};
