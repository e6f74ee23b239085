// An app's push history with delivery counts, for members of its organization.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { AppParams, bearerSecurity, errorResponses, NullableText } from './common.js';

const Count = Type.Integer({ minimum: 0 });
export const NotificationSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  sentTitle: Type.String(),
  body: Type.String(),
  page: NullableText,
  createdAt: Type.String(),
  users: Count,
  delivered: Count,
  devices: Count,
  accepted: Count,
  failed: Count,
  tokensRemoved: Count,
  pending: Count,
  finishedAt: NullableText,
});
/** One push as the console shows it: what was sent and how far its delivery got. */
export type SentNotification = Type.Static<typeof NotificationSchema>;

export const notificationEndpoints = defineEndpoints({
  'GET /api/v1/orgs/:org/apps/:slug/notifications': {
    summary: "An app's pushes, newest first, with delivery counts",
    tags: ['notifications'],
    security: bearerSecurity,
    params: AppParams,
    querystring: Type.Object({
      limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
      before: Type.Optional(Type.String({ maxLength: 40, description: 'createdAt of the last item seen' })),
    }),
    response: {
      200: Type.Object({ ok: Type.Literal(true), notifications: Type.Array(NotificationSchema) }),
      ...errorResponses(400, 401, 404),
    },
  },
  'GET /api/v1/orgs/:org/apps/:slug/notifications/:id': {
    summary: 'One push with its delivery counts',
    tags: ['notifications'],
    security: bearerSecurity,
    params: Type.Object({ ...AppParams.properties, id: Type.String({ maxLength: 64 }) }),
    response: {
      200: Type.Object({ ok: Type.Literal(true), notification: NotificationSchema }),
      ...errorResponses(401, 404),
    },
  },
});
