// Invitations: an owner invites an e-mail, the person with that e-mail accepts or declines, owners revoke.
import {
  INVITATION_LIFETIME_MS,
  type Invitation,
  type MemberRole,
  type MyInvitation,
} from '@miniapps/contract';
import { type Db, type Executor, lockRow } from '../db/database.js';
import { AppError } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import { requireOwner } from './access.js';

/** A pending invitation expires this long after it was made (or last renewed). */

export interface InviteInput {
  orgId: string;
  actorId: string;
  email: string;
  role: MemberRole;
  /** Members plus pending invitations the organization may hold. */
  limit: number;
  now: number;
}

/**
 * Invites an e-mail (owners only). Nothing here depends on whether an account uses the address, so the
 * answer cannot tell (no enumeration). Inviting a pending address again renews that invitation (new role,
 * 14 more days) instead of adding one. Runs under the organization's lock so the quota holds under
 * concurrency.
 */
export async function invite(db: Db, input: InviteInput): Promise<Invitation> {
  const email = input.email.trim().toLowerCase();
  const now = nowIso(new Date(input.now));
  const expiresAt = nowIso(new Date(input.now + INVITATION_LIFETIME_MS));
  const id = await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', input.orgId);
    await requireOwner(trx, input.orgId, input.actorId);
    const member = await trx
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.userId')
      .select('users.id')
      .where('memberships.organizationId', '=', input.orgId)
      .where('users.email', '=', email)
      .executeTakeFirst();
    if (member) throw new AppError('already_member', { key: 'orgs.already_member', values: { email } });
    const open = await trx
      .selectFrom('invitations')
      .select(['id', 'expiresAt'])
      .where('organizationId', '=', input.orgId)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // A live invitation is already counted; an expired one is not, so renewing it needs room.
    if (!open || open.expiresAt <= now) await checkRoom(trx, input.orgId, input.limit, now);
    const values = { role: input.role, invitedBy: input.actorId, createdAt: now, expiresAt };
    if (open) {
      await trx.updateTable('invitations').set(values).where('id', '=', open.id).execute();
      return open.id;
    }
    const fresh = newId('inv');
    await trx
      .insertInto('invitations')
      .values({
        id: fresh,
        organizationId: input.orgId,
        email,
        status: 'pending',
        respondedAt: null,
        ...values,
      })
      .execute();
    return fresh;
  });
  const [view] = await pendingOfOrg(db, input.orgId, input.now, id);
  return view!;
}

async function checkRoom(db: Executor, orgId: string, limit: number, now: string): Promise<void> {
  const { members } = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('members'))
    .where('organizationId', '=', orgId)
    .executeTakeFirstOrThrow();
  const { pending } = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('pending'))
    .where('organizationId', '=', orgId)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  if (Number(members) + Number(pending) >= limit) {
    throw new AppError('quota_exceeded', { key: 'orgs.members_quota', values: { limit } }, { limit });
  }
}

/** Live pending invitations (not expired at `now`), with who made them, oldest first. */
function livePending(db: Executor, now: number) {
  return db
    .selectFrom('invitations')
    .innerJoin('organizations', 'organizations.id', 'invitations.organizationId')
    .leftJoin('users', 'users.id', 'invitations.invitedBy')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.invitedBy',
      'users.email as inviterEmail',
      'invitations.createdAt',
      'invitations.expiresAt',
      'organizations.id as orgId',
      'organizations.name as orgName',
    ])
    .where('invitations.status', '=', 'pending')
    .where('invitations.expiresAt', '>', nowIso(new Date(now)))
    .orderBy('invitations.createdAt')
    .orderBy('invitations.id');
}

/** The organization's live pending invitations, oldest first (or the one with `onlyId`). */
export async function pendingOfOrg(
  db: Executor,
  orgId: string,
  now: number,
  onlyId?: string,
): Promise<Invitation[]> {
  let query = livePending(db, now).where('invitations.organizationId', '=', orgId);
  if (onlyId) query = query.where('invitations.id', '=', onlyId);
  return (await query.execute()).map(toView);
}

/** The live pending invitations addressed to an e-mail, across organizations. */
export async function pendingFor(db: Executor, email: string, now: number): Promise<MyInvitation[]> {
  const rows = await livePending(db, now).where('invitations.email', '=', email.toLowerCase()).execute();
  return rows.map((row) => ({ ...toView(row), organization: { id: row.orgId, name: row.orgName } }));
}

function toView(row: {
  id: string;
  email: string;
  role: MemberRole;
  invitedBy: string | null;
  inviterEmail: string | null;
  createdAt: string;
  expiresAt: string;
}): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy && row.inviterEmail ? { id: row.invitedBy, email: row.inviterEmail } : null,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/** Revokes a pending invitation of the organization (owners only); 404 when there is none by that id. */
export async function revoke(
  db: Db,
  input: { orgId: string; actorId: string; id: string; now: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', input.orgId);
    await requireOwner(trx, input.orgId, input.actorId);
    const result = await trx
      .updateTable('invitations')
      .set({ status: 'revoked', respondedAt: nowIso(new Date(input.now)) })
      .where('id', '=', input.id)
      .where('organizationId', '=', input.orgId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound(input.id);
  });
}

export interface Response {
  id: string;
  user: { id: string; email: string };
  now: number;
}

/**
 * Accepts an invitation addressed to the user's e-mail: the membership begins with the invited role (an
 * existing member keeps theirs: accepting never demotes). Accepting again, or twice at once, makes one
 * membership and answers the same. Another user's invitation, an expired, revoked or declined one is 404.
 */
export async function accept(db: Db, input: Response): Promise<{ orgId: string; role: MemberRole }> {
  return db.transaction().execute(async (trx) => {
    const invitation = await addressed(trx, input);
    await lockRow(trx, 'organizations', invitation.organizationId);
    const taken = await trx
      .updateTable('invitations')
      .set({ status: 'accepted', respondedAt: nowIso(new Date(input.now)) })
      .where('id', '=', invitation.id)
      .where('status', '=', 'pending')
      .where('expiresAt', '>', nowIso(new Date(input.now)))
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) {
      // Lost a race with another accept of the same invitation: that one made the membership.
      const again = await trx
        .selectFrom('invitations')
        .select('status')
        .where('id', '=', invitation.id)
        .executeTakeFirstOrThrow();
      if (again.status !== 'accepted') throw notFound(input.id);
    } else {
      await trx
        .insertInto('memberships')
        .values({
          organizationId: invitation.organizationId,
          userId: input.user.id,
          role: invitation.role,
          createdAt: nowIso(new Date(input.now)),
        })
        .onConflict((oc) => oc.columns(['organizationId', 'userId']).doNothing())
        .execute();
    }
    const member = await trx
      .selectFrom('memberships')
      .select('role')
      .where('organizationId', '=', invitation.organizationId)
      .where('userId', '=', input.user.id)
      .executeTakeFirst();
    // Accepted once, then removed or left: the invitation is spent.
    if (!member) throw notFound(input.id);
    return { orgId: invitation.organizationId, role: member.role };
  });
}

/** Declines an invitation addressed to the user's e-mail; 404 as for accept. */
export async function decline(db: Db, input: Response): Promise<void> {
  const result = await db
    .updateTable('invitations')
    .set({ status: 'declined', respondedAt: nowIso(new Date(input.now)) })
    .where('id', '=', input.id)
    .where('email', '=', input.user.email.toLowerCase())
    .where('status', '=', 'pending')
    .where('expiresAt', '>', nowIso(new Date(input.now)))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound(input.id);
}

/**
 * The invitation by id if it is addressed to this user and still open (or already accepted by them, so a
 * second accept answers like the first). Anything else is the same 404: ids of others' invitations do not leak.
 */
async function addressed(db: Executor, input: Response) {
  const row = await db
    .selectFrom('invitations')
    .select(['id', 'organizationId', 'role', 'status', 'expiresAt'])
    .where('id', '=', input.id)
    .where('email', '=', input.user.email.toLowerCase())
    .executeTakeFirst();
  const open = row?.status === 'pending' && row.expiresAt > nowIso(new Date(input.now));
  if (!row || !(open || row.status === 'accepted')) throw notFound(input.id);
  return row;
}

function notFound(id: string): AppError {
  return new AppError('invitation_not_found', { key: 'orgs.invitation_not_found', values: { id } });
}
