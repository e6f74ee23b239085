// An app's usage statistics per UTC day, for members of its organization.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { STATS_RETENTION_DAYS } from '../limits.js';
import { AppParams, bearerSecurity, errorResponses } from './common.js';

const Count = Type.Integer({ minimum: 0 });
export const DayStatsSchema = Type.Object({
  day: Type.String({ description: 'YYYY-MM-DD, UTC' }),
  opens: Type.Integer({ minimum: 0, description: 'Loads of the start screen' }),
  users: Type.Integer({ minimum: 0, description: 'Distinct users (pseudonymous ids), exact' }),
  screenViews: Count,
  apiCalls: Type.Object({ '2xx': Count, '3xx': Count, '4xx': Count, '5xx': Count }),
  proxyErrors: Type.Record(Type.String(), Count),
  latencyMs: Type.Union([Type.Object({ p50: Type.Number(), p95: Type.Number() }), Type.Null()]),
  pushes: Type.Object({ sent: Count, delivered: Count, failed: Count }),
});
export type DayStats = Type.Static<typeof DayStatsSchema>;

export const StatsReply = Type.Object({
  ok: Type.Literal(true),
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(DayStatsSchema),
});
export type StatsAnswer = Type.Static<typeof StatsReply>;

export const statsEndpoints = defineEndpoints({
  'GET /api/v1/orgs/:org/apps/:slug/stats': {
    summary: `Usage per UTC day over a range of at most ${STATS_RETENTION_DAYS} days (default: the last 30)`,
    tags: ['stats'],
    security: bearerSecurity,
    params: AppParams,
    querystring: Type.Object({
      from: Type.Optional(Type.String({ maxLength: 32, description: 'YYYY-MM-DD (UTC)' })),
      to: Type.Optional(Type.String({ maxLength: 32, description: 'YYYY-MM-DD (UTC), today by default' })),
    }),
    response: { 200: StatsReply, ...errorResponses(400, 401, 404) },
  },
});
