// Management API: an app's pushes with their counts (accepted, failed, tokens removed), for org members.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { AppParams, bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { findNotification, listNotifications } from './notifications-repository.js';

const Count = Type.Integer({ minimum: 0 });
const NotificationSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  sentTitle: Type.String(),
  body: Type.String(),
  page: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  users: Count,
  delivered: Count,
  devices: Count,
  accepted: Count,
  failed: Count,
  tokensRemoved: Count,
  pending: Count,
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});

export const notificationHistoryRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;

  app.get(
    '/orgs/:org/apps/:slug/notifications',
    {
      schema: {
        summary: "An app's pushes, newest first, with delivery counts",
        tags: ['notifications'],
        security: bearerSecurity,
        params: AppParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
          before: Type.Optional(
            Type.String({ maxLength: 40, description: 'createdAt of the last item seen' }),
          ),
        }),
        response: {
          200: Type.Object({ ok: Type.Literal(true), notifications: Type.Array(NotificationSchema) }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { org, slug } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      const limit = Math.min(100, Math.max(1, Number(request.query.limit ?? 50)));
      const notifications = await listNotifications(db, row.id, { limit, before: request.query.before });
      return { ok: true as const, notifications };
    },
  );

  app.get(
    '/orgs/:org/apps/:slug/notifications/:id',
    {
      schema: {
        summary: 'One push with its delivery counts',
        tags: ['notifications'],
        security: bearerSecurity,
        params: Type.Object({ ...AppParams.properties, id: Type.String({ maxLength: 64 }) }),
        response: {
          200: Type.Object({ ok: Type.Literal(true), notification: NotificationSchema }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const { org, slug, id } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      const notification = await findNotification(db, row.id, id);
      if (!notification)
        throw new AppError('not_found', { key: 'notify.notification_not_found', values: { id, slug } });
      return { ok: true as const, notification };
    },
  );
};
