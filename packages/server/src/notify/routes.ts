// POST /functions/v1/miniapp-notify (docs/contract.md "Push to subscribers"): deploy token, quota, fan-out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findApp, parseScopes } from '../apps/repository.js';
import type { AppRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { bearerSecurity, errorResponses } from '../http/schemas.js';
import { membershipRole } from '../orgs/repository.js';
import type { Platform } from '../platform.js';
import { authenticateDeployToken } from '../tokens/deploy-auth.js';
import type { TokenOwner } from '../tokens/repository.js';
import { createNotification } from './create-notification.js';
import { deepLink, sentTitle } from './message.js';
import { checkIdempotencyKey, checkNotification, requestHash } from './rules.js';

const NotifyBody = Type.Object({
  organizationId: Type.String({ minLength: 1, maxLength: 63 }),
  slug: Type.String({ minLength: 1, maxLength: 63 }),
  // Checked by the handler, so a missing or overlong text is `bad_notification` (422), not a schema error.
  title: Type.Optional(Type.Unknown()),
  body: Type.Optional(Type.Unknown()),
  page: Type.Optional(Type.Unknown()),
});

const NotifyReply = Type.Object({
  ok: Type.Literal(true),
  delivered: Type.Integer({ description: 'Users the push was accepted for: within quota, with a device' }),
  users: Type.Integer({ description: 'The audience: users who granted the notifications scope' }),
});

export const notifyRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  const owners = new WeakMap<FastifyRequest, TokenOwner>();

  app.post(
    '/functions/v1/miniapp-notify',
    {
      // The token is checked before the body, so a caller without one learns nothing else.
      onRequest: async (request) => {
        owners.set(request, await authenticateDeployToken(db, request));
      },
      schema: {
        summary: 'Push a notification to the users who granted the app the notifications scope',
        tags: ['automation'],
        security: bearerSecurity,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        body: NotifyBody,
        response: { 200: NotifyReply, ...errorResponses(400, 401, 409, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const owner = owners.get(request)!;
      const idempotencyKey = checkIdempotencyKey(request.headers['idempotency-key']);
      const text = checkNotification(request.body);
      const { organizationId, slug } = request.body;
      const target = await pushableApp(organizationId, slug, owner.userId);
      // Every call the app may make counts, a replay under an idempotency key too: each costs the same work.
      await platform.rateQuotas.consume('notify_per_app', target.id);
      const hash = requestHash(text);
      const result = await createNotification(db, {
        ...text,
        appId: target.id,
        sentTitle: sentTitle(target.liveName ?? target.name, text.title),
        link: deepLink(platform.config.push.deepLinkBase, organizationId, slug, text.page),
        idempotencyKey,
        requestHash: hash,
        tokenId: owner.tokenId,
        platforms: platform.push.platforms,
      });
      reply.header('location', `/api/v1/orgs/${organizationId}/apps/${slug}/notifications/${result.id}`);
      if (result.kind === 'replay') {
        if (result.requestHash !== hash) {
          throw new AppError('conflict', { key: 'notify.idempotency_conflict' });
        }
        reply.header('idempotent-replayed', 'true');
        return result.answer;
      }
      // Recorded and answered: the charge (PostgreSQL) and the hand-over to the queue follow; whatever fails
      // there leaves the push in the outbox, which any node drains.
      platform.push.fanOut({ id: result.id, chunks: result.fanOut });
      return result.answer;
    },
  );

  /** The app behind the request if the token's account may push to it; the codes of docs/contract.md "Push to subscribers" otherwise. */
  async function pushableApp(organizationId: string, slug: string, userId: string): Promise<AppRow> {
    const row = await findApp(db, organizationId, slug);
    if (!row || !(await membershipRole(db, organizationId, userId))) {
      throw new AppError('app_not_found', {
        key: 'notify.app_not_found',
        values: { slug, org: organizationId },
      });
    }
    if (row.status === 'suspended') throw new AppError('suspended');
    if (row.liveName === null && row.liveVersion === null) {
      throw new AppError('not_published', { key: 'notify.not_published' });
    }
    if (!parseScopes(row.liveScopes ?? '[]').includes('notifications')) {
      throw new AppError('notifications_not_declared', { key: 'notify.scope_not_declared' });
    }
    return row;
  }
};
