// Management API: remove a member (or leave) and change a member's role.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { orgEndpoints } from '@miniapps/contract/api';
import { userOf } from '../auth/authenticate.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { changeRole, type MemberChanged, removeMember } from './membership.js';
import { listMembers } from './repository.js';

export const memberRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  const route = routesOf(app.prefix, orgEndpoints);
  // The app audit log is per app; a change of who may act on an organization goes to the operators' log.
  const logChange = (org: string, actorId: string, change: MemberChanged) =>
    platform.log.info({ org, actorId, ...change }, 'membership changed');

  app.route({
    ...route('DELETE /api/v1/orgs/:org/members/:userId'),
    handler: async (request) => {
      const { org, userId } = request.params;
      const actorId = userOf(request).id;
      logChange(org, actorId, await removeMember(db, { orgId: org, actorId, userId }));
      return { ok: true as const, removed: userId };
    },
  });

  app.route({
    ...route('PATCH /api/v1/orgs/:org/members/:userId'),
    handler: async (request) => {
      const { org, userId } = request.params;
      const actorId = userOf(request).id;
      logChange(org, actorId, await changeRole(db, { orgId: org, actorId, userId, role: request.body.role }));
      return { ok: true as const, members: await listMembers(db, org) };
    },
  });
};
