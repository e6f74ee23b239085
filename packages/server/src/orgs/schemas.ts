// Shapes the organization routes share: roles, members and invitations (TypeBox: type, validation and OpenAPI).
import { Type } from 'typebox';

export const Role = Type.Union([Type.Literal('owner'), Type.Literal('member')]);

export const MemberSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  createdAt: Type.String(),
});

export const InvitationSchema = Type.Object({
  id: Type.String(),
  email: Type.String({ description: 'The invited address, lowercase' }),
  role: Role,
  invitedBy: Type.Union([Type.Object({ id: Type.String(), email: Type.String() }), Type.Null()]),
  createdAt: Type.String(),
  expiresAt: Type.String({ description: 'A pending invitation lapses 14 days after it was made or renewed' }),
});

export const MyInvitationSchema = Type.Intersect([
  InvitationSchema,
  Type.Object({ organization: Type.Object({ id: Type.String(), name: Type.String() }) }),
]);

/** Body of an invitation: the address (no account needed) and the role it will give. */
export const InviteBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  role: Type.Optional(Role),
});

export const MemberParams = Type.Object({
  org: Type.String({ maxLength: 63 }),
  userId: Type.String({ maxLength: 64 }),
});

export const InvitationParams = Type.Object({
  org: Type.String({ maxLength: 63 }),
  id: Type.String({ maxLength: 64 }),
});
