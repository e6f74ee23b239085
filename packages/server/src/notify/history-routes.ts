// Management API: an app's pushes with their counts (accepted, failed, tokens removed), for org members.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notificationEndpoints } from '@miniapps/contract/api';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { findNotification, listNotifications } from './notifications-repository.js';

export const notificationHistoryRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const route = routesOf(app.prefix, notificationEndpoints);
  const db = platform.db;

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/notifications'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      const limit = Math.min(100, Math.max(1, Number(request.query.limit ?? 50)));
      const notifications = await listNotifications(db, row.id, { limit, before: request.query.before });
      return { ok: true as const, notifications };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/notifications/:id'),
    handler: async (request) => {
      const { org, slug, id } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      const notification = await findNotification(db, row.id, id);
      if (!notification)
        throw new AppError('not_found', { key: 'notify.notification_not_found', values: { id, slug } });
      return { ok: true as const, notification };
    },
  });
};
