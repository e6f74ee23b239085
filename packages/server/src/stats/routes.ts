// Management API: an app's usage statistics per day, for members of its organization.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { statsEndpoints } from '@miniapps/contract/api';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { readStats } from './read-stats.js';
import { statsRange } from './stats-range.js';

export const statsRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const route = routesOf(app.prefix, statsEndpoints);
  const db = platform.db;

  app.route({
    ...route('GET /api/v1/orgs/:org/apps/:slug/stats'),
    handler: async (request) => {
      const { org, slug } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      const range = statsRange(request.query, platform.clock.now());
      return { ok: true as const, from: range.from, to: range.to, days: await readStats(db, row.id, range) };
    },
  });
};
