// Moderator API: the review queue and the four decisions (approve, reject, suspend, unsuspend).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { moderationEndpoints } from '@miniapps/contract/api';
import type { FastifyRequest } from 'fastify';
import { findApp, toAppView } from '../apps/repository.js';
import { requireModerator } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { type DecisionInput, decide } from './decide.js';
import { moderationQueue } from './queue.js';
import type { Decision } from './state-machine.js';

export const moderationRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;
  const route = routesOf(app.prefix, moderationEndpoints);
  // Checked before the body is validated: a non-moderator learns nothing about the expected input.
  app.addHook('onRequest', async (request) => {
    requireModerator(request);
  });

  app.route({
    ...route('GET /api/v1/moderation/queue'),
    handler: async (request) => ({
      ok: true as const,
      queue: await moderationQueue(db, request.query.limit ?? 50),
    }),
  });

  async function apply(decision: Decision, request: FastifyRequest, org: string, slug: string) {
    const target = await findApp(db, org, slug);
    if (!target) throw new AppError('not_found', { key: 'apps.not_found', values: { slug, org } });
    const body = (request.body ?? {}) as { reason?: string; version?: number; revokeNotifications?: boolean };
    const input: DecisionInput = {
      appId: target.id,
      moderatorId: requireModerator(request).id,
      reason: body.reason?.trim() || null,
    };
    if (body.version !== undefined) input.expectedVersion = body.version;
    if (body.revokeNotifications !== undefined) input.revokeNotifications = body.revokeNotifications;
    return { ok: true as const, app: toAppView(await decide(db, decision, input)) };
  }

  for (const decision of ['approve', 'reject', 'suspend', 'unsuspend'] as const) {
    app.route({
      ...route(`POST /api/v1/moderation/apps/:org/:slug/${decision}`),
      handler: (request) => apply(decision, request, request.params.org, request.params.slug),
    });
  }
};
