// GET /orgs/{org}/apps/{slug}/audit: every transition of an app, for its members and for moderators.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { appForMemberOrModerator } from '../apps/access.js';
import { listAudit } from '../audit/audit.js';
import { userOf } from '../auth/authenticate.js';
import { AppParams, bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { AuditReply } from './schemas.js';

export const auditRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;

  app.get(
    '/orgs/:org/apps/:slug/audit',
    {
      schema: {
        summary: "An app's audit log, newest first: who moved it from which state to which, when and why",
        tags: ['moderation'],
        security: bearerSecurity,
        params: AppParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
        }),
        response: { 200: AuditReply, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { org, slug } = request.params;
      const target = await appForMemberOrModerator(db, org, slug, userOf(request));
      return { ok: true as const, entries: await listAudit(db, target.id, request.query.limit ?? 100) };
    },
  );
};
