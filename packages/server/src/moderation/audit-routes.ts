// GET /orgs/{org}/apps/{slug}/audit: every transition of an app, for its members and for moderators.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { moderationEndpoints } from '@miniapps/contract/api';
import { appForMemberOrModerator } from '../apps/access.js';
import { listAudit } from '../audit/audit.js';
import { userOf } from '../auth/authenticate.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';

export const auditRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, moderationEndpoints);
  const db = platform.db;

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/audit'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const target = await appForMemberOrModerator(db, org, slug, userOf(request));
      return { ok: true as const, entries: await listAudit(db, target.id, request.query.limit ?? 100) };
    },
  });
};
