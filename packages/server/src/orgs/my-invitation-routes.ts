// The signed-in user's invitations: list those addressed to their e-mail, accept or decline one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, errorResponses } from '@miniapps/contract/api';
import { Type } from 'typebox';
import { userOf } from '../auth/authenticate.js';
import type { Platform } from '../platform.js';
import { accept, decline, pendingFor } from './invitations.js';
import { findOrganization } from './repository.js';
import { MyInvitationSchema, Role } from './schemas.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const myInvitationRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;

  app.get(
    '/me/invitations',
    {
      schema: {
        summary: "Pending invitations addressed to the caller's e-mail",
        tags: ['organizations'],
        security: bearerSecurity,
        response: {
          200: Type.Object({ ok: Type.Literal(true), invitations: Type.Array(MyInvitationSchema) }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({
      ok: true as const,
      invitations: await pendingFor(db, userOf(request).email, platform.clock.now()),
    }),
  );

  app.post(
    '/me/invitations/:id/accept',
    {
      schema: {
        summary: 'Accept an invitation: become a member with its role',
        description:
          "Someone else's, an expired, revoked or declined invitation is 404 `invitation_not_found`.",
        tags: ['organizations'],
        security: bearerSecurity,
        params: IdParams,
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            organization: Type.Object({ id: Type.String(), name: Type.String() }),
            role: Role,
          }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const joined = await accept(db, { id: request.params.id, user, now: platform.clock.now() });
      platform.log.info(
        { org: joined.orgId, userId: user.id, invitation: request.params.id, to: joined.role },
        'membership changed',
      );
      const organization = (await findOrganization(db, joined.orgId))!;
      return {
        ok: true as const,
        organization: { id: organization.id, name: organization.name },
        role: joined.role,
      };
    },
  );

  app.post(
    '/me/invitations/:id/decline',
    {
      schema: {
        summary: 'Decline an invitation',
        tags: ['organizations'],
        security: bearerSecurity,
        params: IdParams,
        response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await decline(db, { id: request.params.id, user: userOf(request), now: platform.clock.now() });
      return { ok: true as const };
    },
  );
};
