// Changes to who is in an organization: removing a member (or leaving) and changing a role, never leaving it ownerless.
import type { MemberRole } from '@miniapps/contract';
import { type Db, type Executor, lockRow } from '../db/database.js';
import { AppError } from '../errors.js';
import { requireMember } from './access.js';

export interface MemberChange {
  orgId: string;
  actorId: string;
  userId: string;
}

/** What happened: the role the person had and has now (null: removed). */
export interface MemberChanged {
  userId: string;
  from: MemberRole;
  to: MemberRole | null;
}

/**
 * Removes a member: an owner removes anyone, a member only themselves (leaving). The last owner stays.
 * Runs under a lock on the organization row (PostgreSQL; SQLite runs one transaction at a time), and the
 * caller's own role is read under it, so two owners removing or demoting each other at once cannot
 * leave the organization without an owner: the second sees the first's change.
 */
export async function removeMember(db: Db, change: MemberChange): Promise<MemberChanged> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', change.orgId);
    const actorRole = await requireMember(trx, change.orgId, change.actorId);
    if (actorRole !== 'owner' && change.userId !== change.actorId) {
      throw new AppError('forbidden', { key: 'orgs.owners_or_self' });
    }
    const from = await targetRole(trx, change);
    if (from === 'owner') await keepAnOwner(trx, change.orgId);
    await trx
      .deleteFrom('memberships')
      .where('organizationId', '=', change.orgId)
      .where('userId', '=', change.userId)
      .execute();
    return { userId: change.userId, from, to: null };
  });
}

/** Sets a member's role (owners only); demoting the last owner is refused. */
export async function changeRole(
  db: Db,
  change: MemberChange & { role: MemberRole },
): Promise<MemberChanged> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', change.orgId);
    const actorRole = await requireMember(trx, change.orgId, change.actorId);
    if (actorRole !== 'owner') throw new AppError('forbidden', { key: 'orgs.owners_only' });
    const from = await targetRole(trx, change);
    if (from === 'owner' && change.role !== 'owner') await keepAnOwner(trx, change.orgId);
    if (from !== change.role) {
      await trx
        .updateTable('memberships')
        .set({ role: change.role })
        .where('organizationId', '=', change.orgId)
        .where('userId', '=', change.userId)
        .execute();
    }
    return { userId: change.userId, from, to: change.role };
  });
}

async function targetRole(db: Executor, change: MemberChange): Promise<MemberRole> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('organizationId', '=', change.orgId)
    .where('userId', '=', change.userId)
    .executeTakeFirst();
  if (!row) {
    throw new AppError('member_not_found', {
      key: 'orgs.member_not_found',
      values: { userId: change.userId },
    });
  }
  return row.role;
}

/** Throws 409 last_owner when the organization has one owner (the one about to go). */
async function keepAnOwner(db: Executor, orgId: string): Promise<void> {
  const { owners } = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('owners'))
    .where('organizationId', '=', orgId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  if (Number(owners) <= 1) throw new AppError('last_owner', { key: 'orgs.last_owner' });
}
