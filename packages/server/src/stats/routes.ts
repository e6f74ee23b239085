// Management API: an app's usage statistics per day, for members of its organization.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { appForMember } from '../apps/access.js';
import { userOf } from '../auth/authenticate.js';
import { AppParams, bearerSecurity, errorResponses } from '../http/schemas.js';
import type { Platform } from '../platform.js';
import { readStats } from './read-stats.js';
import { STATS_RETENTION_DAYS } from './retention.js';
import { statsRange } from './stats-range.js';

const Count = Type.Integer({ minimum: 0 });
const DayStatsSchema = Type.Object({
  day: Type.String({ description: 'YYYY-MM-DD, UTC' }),
  opens: Type.Integer({ minimum: 0, description: 'Loads of the start screen' }),
  users: Type.Integer({ minimum: 0, description: 'Distinct users (pseudonymous ids), exact' }),
  screenViews: Count,
  apiCalls: Type.Object({ '2xx': Count, '3xx': Count, '4xx': Count, '5xx': Count }),
  proxyErrors: Type.Record(Type.String(), Count),
  latencyMs: Type.Union([Type.Object({ p50: Type.Number(), p95: Type.Number() }), Type.Null()]),
  pushes: Type.Object({ sent: Count, delivered: Count, failed: Count }),
});

export const statsRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;

  app.get(
    '/orgs/:org/apps/:slug/stats',
    {
      schema: {
        summary: `Usage per UTC day over a range of at most ${STATS_RETENTION_DAYS} days (default: the last 30)`,
        tags: ['stats'],
        security: bearerSecurity,
        params: AppParams,
        querystring: Type.Object({
          from: Type.Optional(Type.String({ maxLength: 32, description: 'YYYY-MM-DD (UTC)' })),
          to: Type.Optional(
            Type.String({ maxLength: 32, description: 'YYYY-MM-DD (UTC), today by default' }),
          ),
        }),
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            from: Type.String(),
            to: Type.String(),
            days: Type.Array(DayStatsSchema),
          }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { org, slug } = request.params;
      const row = await appForMember(db, org, slug, userOf(request));
      const range = statsRange(request.query, platform.clock.now());
      return { ok: true as const, from: range.from, to: range.to, days: await readStats(db, row.id, range) };
    },
  );
};
