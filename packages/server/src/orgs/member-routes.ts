// Management API: remove a member (or leave) and change a member's role.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, errorResponses } from '@miniapps/contract/api';
import { Type } from 'typebox';
import { userOf } from '../auth/authenticate.js';
import type { Platform } from '../platform.js';
import { changeRole, type MemberChanged, removeMember } from './membership.js';
import { listMembers } from './repository.js';
import { MemberParams, MemberSchema, Role } from './schemas.js';

export const memberRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  // The app audit log is per app; a change of who may act on an organization goes to the operators' log.
  const logChange = (org: string, actorId: string, change: MemberChanged) =>
    platform.log.info({ org, actorId, ...change }, 'membership changed');

  app.delete(
    '/orgs/:org/members/:userId',
    {
      schema: {
        summary: 'Remove a member (owners), or leave the organization (a member removing themselves)',
        description: 'The last owner can be neither removed nor leave: 409 `last_owner`.',
        tags: ['organizations'],
        security: bearerSecurity,
        params: MemberParams,
        response: {
          200: Type.Object({ ok: Type.Literal(true), removed: Type.String() }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { org, userId } = request.params;
      const actorId = userOf(request).id;
      logChange(org, actorId, await removeMember(db, { orgId: org, actorId, userId }));
      return { ok: true as const, removed: userId };
    },
  );

  app.patch(
    '/orgs/:org/members/:userId',
    {
      schema: {
        summary: "Change a member's role (owners only)",
        description: 'Demoting the last owner is refused with 409 `last_owner`.',
        tags: ['organizations'],
        security: bearerSecurity,
        params: MemberParams,
        body: Type.Object({ role: Role }),
        response: {
          200: Type.Object({ ok: Type.Literal(true), members: Type.Array(MemberSchema) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { org, userId } = request.params;
      const actorId = userOf(request).id;
      logChange(org, actorId, await changeRole(db, { orgId: org, actorId, userId, role: request.body.role }));
      return { ok: true as const, members: await listMembers(db, org) };
    },
  );
};
