// Management API: organizations; members and invitations in the plugins registered at the end.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, errorResponses, OrgParams } from '@miniapps/contract/api';
import { Type } from 'typebox';
import { userOf } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import type { Platform } from '../platform.js';
import { quotaExceeded } from '../quotas/refusals.js';
import { isSlug } from '../slug.js';
import { requireMember } from './access.js';
import { invitationRoutes } from './invitation-routes.js';
import { memberRoutes } from './member-routes.js';
import { myInvitationRoutes } from './my-invitation-routes.js';
import { createOrganization, findOrganization, listMembers, listOrganizationsOf } from './repository.js';
import { MemberSchema, Role } from './schemas.js';

const OrgSchema = Type.Object({ id: Type.String(), name: Type.String(), createdAt: Type.String() });

export const orgRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;

  app.post(
    '/orgs',
    {
      schema: {
        summary: 'Create an organization; the caller becomes its owner',
        tags: ['organizations'],
        security: bearerSecurity,
        body: Type.Object({
          id: Type.String({ maxLength: 100 }),
          name: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: {
          201: Type.Object({ ok: Type.Literal(true), organization: OrgSchema }),
          ...errorResponses(400, 401, 409, 422),
        },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/orgs',
    {
      schema: {
        summary: "The caller's organizations",
        tags: ['organizations'],
        security: bearerSecurity,
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            organizations: Type.Array(Type.Intersect([OrgSchema, Type.Object({ role: Role })])),
          }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({
      ok: true as const,
      organizations: await listOrganizationsOf(db, userOf(request).id),
    }),
  );

  app.get(
    '/orgs/:org',
    {
      schema: {
        summary: 'An organization and its members',
        tags: ['organizations'],
        security: bearerSecurity,
        params: OrgParams,
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            organization: OrgSchema,
            role: Role,
            members: Type.Array(MemberSchema),
          }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const { org } = request.params;
      const role = await requireMember(db, org, userOf(request).id);
      const organization = (await findOrganization(db, org))!;
      return { ok: true as const, organization, role, members: await listMembers(db, org) };
    },
  );

  await app.register(memberRoutes, { platform });
  await app.register(invitationRoutes, { platform });
  await app.register(myInvitationRoutes, { platform });
};
