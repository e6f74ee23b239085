// The signed-in user's invitations: list those addressed to their e-mail, accept or decline one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { orgEndpoints } from '@miniapps/contract/api';
import { userOf } from '../auth/authenticate.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { accept, decline, pendingFor } from './invitations.js';
import { findOrganization } from './repository.js';

export const myInvitationRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  const db = platform.db;
  const route = routesOf(app.prefix, orgEndpoints);

  app.route({
    ...route('GET /api/v1/me/invitations'),
    handler: async (request) => ({
      ok: true as const,
      invitations: await pendingFor(db, userOf(request).email, platform.clock.now()),
    }),
  });

  app.route({
    ...route('POST /api/v1/me/invitations/:id/accept'),
    handler: async (request) => {
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
  });

  app.route({
    ...route('POST /api/v1/me/invitations/:id/decline'),
    handler: async (request) => {
      await decline(db, { id: request.params.id, user: userOf(request), now: platform.clock.now() });
      return { ok: true as const };
    },
  });
};
