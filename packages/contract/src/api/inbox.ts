// The development push inbox: pushes "delivered" to the signed-in user's `web-dev` devices (dev login on only).
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { INBOX_DEFAULT_LIMIT, INBOX_MAX_LIMIT } from '../limits.js';
import { bearerSecurity, errorResponses, Nullable, NullableText } from './common.js';

export const InboxQuery = Type.Object({
  before: Type.Optional(
    Type.String({ maxLength: 64, description: 'The nextCursor of the previous page, as given' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: INBOX_MAX_LIMIT,
      description: `Pushes per page (${INBOX_DEFAULT_LIMIT})`,
    }),
  ),
});
export type InboxQuery = Type.Static<typeof InboxQuery>;

export const InboxItemSchema = Type.Object({
  id: Type.String(),
  notificationId: Type.String(),
  title: Type.String({ description: 'As a device shows it: `<app name>: <title>`' }),
  body: Type.String(),
  app: Type.Object({
    organizationId: Type.String(),
    slug: Type.String(),
    name: NullableText,
  }),
  page: Nullable(
    Type.String({ description: "The screen path the push opens (the app's start screen when null)" }),
  ),
  link: Type.String({ description: 'The deep link a tap on a device opens' }),
  createdAt: Type.String(),
  readAt: NullableText,
});
/** One push kept in the development inbox. */
export type InboxItem = Type.Static<typeof InboxItemSchema>;

export const InboxPageReply = Type.Object({
  ok: Type.Literal(true),
  items: Type.Array(InboxItemSchema),
  unread: Type.Integer({ description: 'Unread pushes in the whole inbox' }),
  nextCursor: NullableText,
});

const DEV_ONLY =
  ' Development only: 404 `not_found` when the platform runs without the dev login (production).';

export const inboxEndpoints = defineEndpoints({
  'GET /api/v1/me/inbox': {
    summary: "The signed-in user's development push inbox, newest first",
    description:
      "Pushes sent to the caller's `web-dev` devices, a page at a time: pass `nextCursor` as `before` for older " +
      `ones (null on the last).${DEV_ONLY}`,
    tags: ['devices'],
    security: bearerSecurity,
    querystring: InboxQuery,
    response: { 200: InboxPageReply, ...errorResponses(400, 401, 404) },
  },
  'POST /api/v1/me/inbox/read': {
    summary: "Mark every push of the signed-in user's development inbox read",
    description: `Answers how many were unread.${DEV_ONLY}`,
    tags: ['devices'],
    security: bearerSecurity,
    response: {
      200: Type.Object({ ok: Type.Literal(true), updated: Type.Integer() }),
      ...errorResponses(401, 404),
    },
  },
  'DELETE /api/v1/me/inbox': {
    summary: "Empty the signed-in user's development inbox",
    description: `Answers how many pushes were removed.${DEV_ONLY}`,
    tags: ['devices'],
    security: bearerSecurity,
    response: {
      200: Type.Object({ ok: Type.Literal(true), removed: Type.Integer() }),
      ...errorResponses(401, 404),
    },
  },
});
