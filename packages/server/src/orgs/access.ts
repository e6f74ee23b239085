// Who may act on an organization: members read and manage apps, owners manage members.

import type { MemberRole } from '@miniapps/contract';
import type { Executor } from '../db/database.js';
import { AppError } from '../errors.js';
import { membershipRole } from './repository.js';

/** The caller's role in the organization; a non-member gets the same 404 as a missing org. */
export async function requireMember(db: Executor, orgId: string, userId: string): Promise<MemberRole> {
  const role = await membershipRole(db, orgId, userId);
  if (!role) throw new AppError('org_not_found', { key: 'orgs.not_found', values: { org: orgId } });
  return role;
}

export async function requireOwner(db: Executor, orgId: string, userId: string): Promise<void> {
  const role = await requireMember(db, orgId, userId);
  if (role !== 'owner') throw new AppError('forbidden', { key: 'orgs.owners_only' });
}
