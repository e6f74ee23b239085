// Organizations and their members.
import type { Executor } from '../db/database.js';
import { nowIso } from '../ids.js';

export type MemberRole = 'owner' | 'member';

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}

export async function createOrganization(
  db: Executor,
  org: { id: string; name: string },
  ownerId: string,
): Promise<Organization | undefined> {
  const createdAt = nowIso();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('organizations')
      .values({ id: org.id, name: org.name, createdBy: ownerId, createdAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(['id', 'name', 'createdAt'])
      .executeTakeFirst();
    if (!inserted) return undefined;
    await trx
      .insertInto('memberships')
      .values({ organizationId: org.id, userId: ownerId, role: 'owner', createdAt })
      .execute();
    return inserted;
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
