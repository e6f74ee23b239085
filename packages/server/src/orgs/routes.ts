// Management API: organizations and members.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, errorResponses, OrgParams } from '@miniapps/contract/api';
import { Type } from 'typebox';
import { requireUser, userOf } from '../auth/authenticate.js';
import { findUserByEmail } from '../auth/users-repository.js';
import { AppError } from '../errors.js';
import type { Platform } from '../platform.js';
import { isSlug } from '../slug.js';
import { requireMember, requireOwner } from './access.js';
import {
  createOrganization,
  findOrganization,
  listMembers,
  listOrganizationsOf,
  putMember,
} from './repository.js';

const Role = Type.Union([Type.Literal('owner'), Type.Literal('member')]);
const OrgSchema = Type.Object({ id: Type.String(), name: Type.String(), createdAt: Type.String() });
const MemberSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  createdAt: Type.String(),
});

export const orgRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const db = platform.db;
  app.addHook('onRequest', requireUser(platform));

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
      const organization = await createOrganization(db, { id, name: name.trim() }, userOf(request).id);
      if (!organization) throw new AppError('org_exists', { key: 'orgs.id_taken', values: { id } });
      return reply.status(201).send({ ok: true as const, organization });
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

  app.post(
    '/orgs/:org/members',
    {
      schema: {
        summary: 'Add a member by e-mail, or change their role (owners only)',
        tags: ['organizations'],
        security: bearerSecurity,
        params: OrgParams,
        body: Type.Object({
          email: Type.String({ format: 'email', maxLength: 254 }),
          role: Type.Optional(Role),
        }),
        response: {
          200: Type.Object({ ok: Type.Literal(true), members: Type.Array(MemberSchema) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { org } = request.params;
      await requireOwner(db, org, userOf(request).id);
      const member = await findUserByEmail(db, request.body.email);
      if (!member) {
        throw new AppError('user_not_found', {
          key: 'orgs.no_account',
          values: { email: request.body.email },
        });
      }
      await putMember(db, org, member.id, request.body.role ?? 'member');
      return { ok: true as const, members: await listMembers(db, org) };
    },
  );
};
