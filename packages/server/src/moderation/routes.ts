// Moderator API: the review queue and the four decisions (approve, reject, suspend, unsuspend).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppReply } from '@miniapps/contract/api';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findApp, toAppView } from '../apps/repository.js';
import { requireModerator, requireUser } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { AppParams, bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { type DecisionInput, decide } from './decide.js';
import { moderationQueue } from './queue.js';
import { QueueReply } from './schemas.js';
import type { Decision } from './state-machine.js';

const Reason = Type.String({ minLength: 1, maxLength: 2000, description: 'Shown to the developer' });

const bodies = {
  approve: Type.Object(
    { version: Type.Optional(Type.Integer({ minimum: 0, description: 'The head version reviewed' })) },
    { additionalProperties: false },
  ),
  reject: Type.Object({ reason: Reason }, { additionalProperties: false }),
  suspend: Type.Object(
    {
      reason: Reason,
      revokeNotifications: Type.Optional(
        Type.Boolean({
          description: "Remove the notifications scope from the app and from every user's consent",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  unsuspend: Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false }),
};

const summaries: Record<Decision, string> = {
  approve: 'Approve: the head becomes the live version users see',
  reject: 'Reject the version in review, with a reason the developer sees',
  suspend: 'Suspend: hide the app and refuse deploys, optionally revoking notifications',
  unsuspend: 'Unsuspend: restore the status the app had before',
};

export const moderationRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;
  app.addHook('onRequest', requireUser(platform));
  // Checked before the body is validated: a non-moderator learns nothing about the expected input.
  app.addHook('onRequest', async (request) => {
    requireModerator(request);
  });

  app.get(
    '/moderation/queue',
    {
      schema: {
        summary: 'Apps waiting for review, oldest first, with what changed since the live version',
        tags: ['moderation'],
        security: bearerSecurity,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
        }),
        response: { 200: QueueReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ ok: true as const, queue: await moderationQueue(db, request.query.limit ?? 50) }),
  );

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
    app.post(
      `/moderation/apps/:org/:slug/${decision}`,
      {
        schema: {
          summary: summaries[decision],
          tags: ['moderation'],
          security: bearerSecurity,
          params: AppParams,
          body: bodies[decision],
          response: { 200: AppReply, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) => apply(decision, request, request.params.org, request.params.slug),
    );
  }
};
