// Organizations and their members.
import type { MemberRole, Organization } from '@miniapps/contract';
import type { Db, Executor } from '../db/database.js';
import { nowIso } from '../ids.js';
import { lockedCount } from '../quotas/locked-count.js';

/** Why an organization was not created: its id is taken, or the account has created `limit` already. */
export type CreateOrganizationResult =
  | { ok: true; organization: Organization }
  | { ok: false; reason: 'exists' }
  | { ok: false; reason: 'quota'; limit: number };

/**
 * Creates an organization owned by `ownerId`, unless the account has created `maxPerUser` already. The
 * account's row is locked first, so two creations at once cannot both pass the count.
 */
export async function createOrganization(
  db: Db,
  org: { id: string; name: string },
  ownerId: string,
  maxPerUser: number,
): Promise<CreateOrganizationResult> {
  const createdAt = nowIso();
  return db.transaction().execute(async (trx) => {
    const created = await lockedCount(
      trx,
      { table: 'users', id: ownerId },
      { table: 'organizations', column: 'createdBy' },
    );
    if (created >= maxPerUser) return { ok: false, reason: 'quota', limit: maxPerUser };
    const inserted = await trx
      .insertInto('organizations')
      .values({ id: org.id, name: org.name, createdBy: ownerId, createdAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(['id', 'name', 'createdAt'])
      .executeTakeFirst();
    if (!inserted) return { ok: false, reason: 'exists' };
    await trx
      .insertInto('memberships')
      .values({ organizationId: org.id, userId: ownerId, role: 'owner', createdAt })
      .execute();
    return { ok: true, organization: inserted };
  });
}

export async function membershipRole(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<MemberRole | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('organizationId', '=', orgId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

export async function findOrganization(db: Executor, orgId: string): Promise<Organization | undefined> {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'createdAt'])
    .where('id', '=', orgId)
    .executeTakeFirst();
}

export async function listOrganizationsOf(db: Executor, userId: string) {
  return db
    .selectFrom('organizations')
    .innerJoin('memberships', 'memberships.organizationId', 'organizations.id')
    .select(['organizations.id', 'organizations.name', 'organizations.createdAt', 'memberships.role'])
    .where('memberships.userId', '=', userId)
    .orderBy('organizations.id')
    .execute();
}

export async function listMembers(db: Executor, orgId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select([
      'users.id as userId',
      'users.email',
      'users.fullName',
      'memberships.role',
      'memberships.createdAt',
    ])
    .where('memberships.organizationId', '=', orgId)
    .orderBy('memberships.createdAt')
    .orderBy('users.email')
    .execute();
}
