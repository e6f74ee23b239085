// Management API: owners invite by e-mail, list the pending invitations and revoke them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, errorResponses, OrgParams } from '@miniapps/contract/api';
import { Type } from 'typebox';
import { userOf } from '../auth/authenticate.js';
import type { Platform } from '../platform.js';
import { requireOwner } from './access.js';
import { invite, pendingOfOrg, revoke } from './invitations.js';
import { listMembers } from './repository.js';
import { InvitationParams, InvitationSchema, InviteBody, MemberSchema } from './schemas.js';

export const invitationRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;
  const inviteFrom = (
    request: { params: { org: string }; body: { email: string; role?: 'owner' | 'member' } },
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

  app.post(
    '/orgs/:org/invitations',
    {
      schema: {
        summary: 'Invite someone by e-mail (owners only); they join when they accept',
        description:
          'The answer is the same whether or not an account uses the address. Inviting a pending address ' +
          'again renews its invitation. Members plus pending invitations are limited (QUOTA_MEMBERS_PER_ORG): ' +
          'one past is 422 `quota_exceeded`.',
        tags: ['organizations'],
        security: bearerSecurity,
        params: OrgParams,
        body: InviteBody,
        response: {
          201: Type.Object({ ok: Type.Literal(true), invitation: InvitationSchema }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const invitation = await inviteFrom(request, userOf(request).id);
      return reply.status(201).send({ ok: true as const, invitation });
    },
  );

  // The route of old, kept for clients that add members this way: it now invites, with the same answer
  // whether or not the address has an account (it used to answer 404 `user_not_found`).
  app.post(
    '/orgs/:org/members',
    {
      schema: {
        summary: 'Invite someone by e-mail (owners only); the same as POST /orgs/{org}/invitations',
        description:
          'Kept for older clients. Nobody is added at once: `members` is the list as it stands, ' +
          '`invitation` the pending invitation the person must accept.',
        tags: ['organizations'],
        security: bearerSecurity,
        params: OrgParams,
        body: InviteBody,
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            members: Type.Array(MemberSchema),
            invitation: InvitationSchema,
          }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const invitation = await inviteFrom(request, userOf(request).id);
      return { ok: true as const, members: await listMembers(db, request.params.org), invitation };
    },
  );

  app.get(
    '/orgs/:org/invitations',
    {
      schema: {
        summary: "The organization's pending invitations (owners only)",
        tags: ['organizations'],
        security: bearerSecurity,
        params: OrgParams,
        response: {
          200: Type.Object({ ok: Type.Literal(true), invitations: Type.Array(InvitationSchema) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const { org } = request.params;
      await requireOwner(db, org, userOf(request).id);
      return { ok: true as const, invitations: await pendingOfOrg(db, org, platform.clock.now()) };
    },
  );

  app.delete(
    '/orgs/:org/invitations/:id',
    {
      schema: {
        summary: 'Revoke a pending invitation (owners only)',
        tags: ['organizations'],
        security: bearerSecurity,
        params: InvitationParams,
        response: {
          200: Type.Object({ ok: Type.Literal(true) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const { org, id } = request.params;
      await revoke(db, { orgId: org, actorId: userOf(request).id, id, now: platform.clock.now() });
      return { ok: true as const };
    },
  );
};
