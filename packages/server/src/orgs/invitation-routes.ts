// Management API: owners invite by e-mail, list the pending invitations and revoke them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MemberRole } from '@miniapps/contract';
import { orgEndpoints } from '@miniapps/contract/api';
import { userOf } from '../auth/authenticate.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { requireOwner } from './access.js';
import { invite, pendingOfOrg, revoke } from './invitations.js';
import { listMembers } from './repository.js';

export const invitationRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;
  const route = routesOf(app.prefix, orgEndpoints);
  const inviteFrom = (
    request: { params: { org: string }; body: { email: string; role?: MemberRole } },
    actorId: string,
  ) =>
    invite(db, {
      orgId: request.params.org,
      actorId,
      email: request.body.email,
      role: request.body.role ?? 'member',
      limit: platform.config.quotas.membersPerOrg,
      now: platform.clock.now(),
    });

  app.route({
    ...route('POST /api/v1/orgs/:org/invitations'),
    handler: async (request, reply) => {
      const invitation = await inviteFrom(request, userOf(request).id);
      return reply.status(201).send({ ok: true as const, invitation });
    },
  });

  // The route of old, kept for clients that add members this way: it now invites, with the same answer
  // whether or not the address has an account (it used to answer 404 `user_not_found`).
  app.route({
    ...route('POST /api/v1/orgs/:org/members'),
    handler: async (request) => {
      const invitation = await inviteFrom(request, userOf(request).id);
      return { ok: true as const, members: await listMembers(db, request.params.org), invitation };
    },
  });

  app.route({
    ...route('GET /api/v1/orgs/:org/invitations'),
    handler: async (request) => {
      const { org } = request.params;
      await requireOwner(db, org, userOf(request).id);
      return { ok: true as const, invitations: await pendingOfOrg(db, org, platform.clock.now()) };
    },
  });

  app.route({
    ...route('DELETE /api/v1/orgs/:org/invitations/:id'),
    handler: async (request) => {
      const { org, id } = request.params;
      await revoke(db, { orgId: org, actorId: userOf(request).id, id, now: platform.clock.now() });
      return { ok: true as const };
    },
  });
};
