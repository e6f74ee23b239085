// Organizations, their members and invitations: create and list organizations, change or remove members, invite by
// e-mail, and the signed-in user's own invitations.
import { Type } from 'typebox';
import { defineEndpoints } from '../endpoint.js';
import { MAX_EMAIL, MAX_SLUG } from '../limits.js';
import { bearerSecurity, errorResponses, OkReply, OrgParams } from './common.js';

export const RoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('member')]);
/** A member's role in an organization. */
export type MemberRole = Type.Static<typeof RoleSchema>;

export const OrganizationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
});
export type Organization = Type.Static<typeof OrganizationSchema>;

/** An organization in the caller's list, with the caller's role in it. */
export const MyOrganizationSchema = Type.Intersect([OrganizationSchema, Type.Object({ role: RoleSchema })]);
export type MyOrganization = Type.Static<typeof MyOrganizationSchema>;

export const MemberSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  role: RoleSchema,
  createdAt: Type.String(),
});
export type Member = Type.Static<typeof MemberSchema>;

export const InvitationSchema = Type.Object({
  id: Type.String(),
  email: Type.String({ description: 'The invited address, lowercase' }),
  role: RoleSchema,
  invitedBy: Type.Union([Type.Object({ id: Type.String(), email: Type.String() }), Type.Null()]),
  createdAt: Type.String(),
  expiresAt: Type.String({ description: 'A pending invitation lapses 14 days after it was made or renewed' }),
});
/** A pending invitation to an organization, as its owners see it. */
export type Invitation = Type.Static<typeof InvitationSchema>;

export const MyInvitationSchema = Type.Intersect([
  InvitationSchema,
  Type.Object({ organization: Type.Object({ id: Type.String(), name: Type.String() }) }),
]);
/** A pending invitation addressed to the signed-in user, with the organization it is to. */
export type MyInvitation = Type.Static<typeof MyInvitationSchema>;

/** Body of an invitation: the address (no account needed) and the role it will give. */
export const InviteBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: MAX_EMAIL }),
  role: Type.Optional(RoleSchema),
});

export const MemberParams = Type.Object({
  org: Type.String({ maxLength: MAX_SLUG }),
  userId: Type.String({ maxLength: 64 }),
});

export const InvitationParams = Type.Object({
  org: Type.String({ maxLength: MAX_SLUG }),
  id: Type.String({ maxLength: 64 }),
});

const MyInvitationParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

const inviteErrors = errorResponses(400, 401, 403, 404, 409, 422);

export const orgEndpoints = defineEndpoints({
  'POST /api/v1/orgs': {
    summary: 'Create an organization; the caller becomes its owner',
    tags: ['organizations'],
    security: bearerSecurity,
    body: Type.Object({
      id: Type.String({ maxLength: 100 }),
      name: Type.String({ minLength: 1, maxLength: 200 }),
    }),
    response: {
      201: Type.Object({ ok: Type.Literal(true), organization: OrganizationSchema }),
      ...errorResponses(400, 401, 409, 422),
    },
  },
  'GET /api/v1/orgs': {
    summary: "The caller's organizations",
    tags: ['organizations'],
    security: bearerSecurity,
    response: {
      200: Type.Object({ ok: Type.Literal(true), organizations: Type.Array(MyOrganizationSchema) }),
      ...errorResponses(401),
    },
  },
  'GET /api/v1/orgs/:org': {
    summary: 'An organization and its members',
    tags: ['organizations'],
    security: bearerSecurity,
    params: OrgParams,
    response: {
      200: Type.Object({
        ok: Type.Literal(true),
        organization: OrganizationSchema,
        role: RoleSchema,
        members: Type.Array(MemberSchema),
      }),
      ...errorResponses(401, 404),
    },
  },
  'DELETE /api/v1/orgs/:org/members/:userId': {
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
  'PATCH /api/v1/orgs/:org/members/:userId': {
    summary: "Change a member's role (owners only)",
    description: 'Demoting the last owner is refused with 409 `last_owner`.',
    tags: ['organizations'],
    security: bearerSecurity,
    params: MemberParams,
    body: Type.Object({ role: RoleSchema }),
    response: {
      200: Type.Object({ ok: Type.Literal(true), members: Type.Array(MemberSchema) }),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  },
  'POST /api/v1/orgs/:org/invitations': {
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
      ...inviteErrors,
    },
  },
  // The route of old, kept for clients that add members this way: it now invites, with the same answer
  // whether or not the address has an account (it used to answer 404 `user_not_found`).
  'POST /api/v1/orgs/:org/members': {
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
      ...inviteErrors,
    },
  },
  'GET /api/v1/orgs/:org/invitations': {
    summary: "The organization's pending invitations (owners only)",
    tags: ['organizations'],
    security: bearerSecurity,
    params: OrgParams,
    response: {
      200: Type.Object({ ok: Type.Literal(true), invitations: Type.Array(InvitationSchema) }),
      ...errorResponses(401, 403, 404),
    },
  },
  'DELETE /api/v1/orgs/:org/invitations/:id': {
    summary: 'Revoke a pending invitation (owners only)',
    tags: ['organizations'],
    security: bearerSecurity,
    params: InvitationParams,
    response: { 200: OkReply, ...errorResponses(401, 403, 404) },
  },
  'GET /api/v1/me/invitations': {
    summary: "Pending invitations addressed to the caller's e-mail",
    tags: ['organizations'],
    security: bearerSecurity,
    response: {
      200: Type.Object({ ok: Type.Literal(true), invitations: Type.Array(MyInvitationSchema) }),
      ...errorResponses(401),
    },
  },
  'POST /api/v1/me/invitations/:id/accept': {
    summary: 'Accept an invitation: become a member with its role',
    description: "Someone else's, an expired, revoked or declined invitation is 404 `invitation_not_found`.",
    tags: ['organizations'],
    security: bearerSecurity,
    params: MyInvitationParams,
    response: {
      200: Type.Object({
        ok: Type.Literal(true),
        organization: Type.Object({ id: Type.String(), name: Type.String() }),
        role: RoleSchema,
      }),
      ...errorResponses(401, 404),
    },
  },
  'POST /api/v1/me/invitations/:id/decline': {
    summary: 'Decline an invitation',
    tags: ['organizations'],
    security: bearerSecurity,
    params: MyInvitationParams,
    response: { 200: OkReply, ...errorResponses(401, 404) },
  },
});
