// Management API: organizations; members and invitations in the plugins registered at the end.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { orgEndpoints } from '@miniapps/contract/api';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { routesOf } from '../http/route-of.js';
import type { Platform } from '../platform.js';
import { quotaExceeded } from '../quotas/refusals.js';
import { isSlug } from '../slug.js';
import { requireMember } from './access.js';
import { invitationRoutes } from './invitation-routes.js';
import { memberRoutes } from './member-routes.js';
import { myInvitationRoutes } from './my-invitation-routes.js';
import { createOrganization, findOrganization, listMembers, listOrganizationsOf } from './repository.js';

export const orgRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  const route = routesOf(app.prefix, orgEndpoints);

  app.route({
    ...route('POST /api/v1/orgs'),
    handler: async (request, reply) => {
      const { id, name } = request.body;
      if (!isSlug(id)) throw new AppError('bad_slug', { key: 'orgs.bad_id' }, { field: 'id' });
      const created = await createOrganization(
        db,
        { id, name: name.trim() },
        userOf(request).id,
        platform.config.quotas.orgsPerUser,
      );
      if (!created.ok) {
        if (created.reason === 'quota') throw quotaExceeded('orgs_per_user', created.limit);
        throw new AppError('org_exists', { key: 'orgs.id_taken', values: { id } });
      }
      return reply.status(201).send({ ok: true as const, organization: created.organization });
    },
  });

  app.route({
    ...route('GET /api/v1/orgs'),
    handler: async (request) => ({
      ok: true as const,
      organizations: await listOrganizationsOf(db, userOf(request).id),
    }),
  });

  app.route({
    ...route('GET /api/v1/orgs/:org'),
    handler: async (request) => {
      const { org } = request.params;
      const role = await requireMember(db, org, userOf(request).id);
      const organization = (await findOrganization(db, org))!;
      return { ok: true as const, organization, role, members: await listMembers(db, org) };
    },
  });

  await app.register(memberRoutes, { platform });
  await app.register(invitationRoutes, { platform });
  await app.register(myInvitationRoutes, { platform });
};
