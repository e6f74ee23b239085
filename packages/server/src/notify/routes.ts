// POST /functions/v1/miniapp-notify (docs/contract.md "Push to subscribers"): deploy token, quota, fan-out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { automationEndpoints } from '@miniapps/contract/api';
import type { FastifyRequest } from 'fastify';
import { findApp, parseScopes } from '../apps/repository.js';
import type { AppRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import { membershipRole } from '../orgs/repository.js';
import type { Platform } from '../platform.js';
import { authenticateDeployToken } from '../tokens/deploy-auth.js';
import type { TokenOwner } from '../tokens/repository.js';
import { createNotification } from './create-notification.js';
import { deepLink, sentTitle } from './message.js';
import { checkIdempotencyKey, checkNotification, requestHash } from './rules.js';

export const notifyRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, automationEndpoints);
  const db = platform.db;
  const owners = new WeakMap<FastifyRequest, TokenOwner>();

  app.route({
    ...route('POST /functions/v1/miniapp-notify'),
    // The token is checked before the body, so a caller without one learns nothing else.
    onRequest: async (request) => {
      owners.set(request, await authenticateDeployToken(db, request));
    },
    handler: async (request, reply) => {
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
  });

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
