// Who may act on an app: members of its organization, and platform moderators (who review every organization's).

import type { User } from '../auth/users-repository.js';
import { isModerator } from '../auth/users-repository.js';
import type { Executor } from '../db/database.js';
import type { AppRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { requireMember } from '../orgs/access.js';
import { membershipRole } from '../orgs/repository.js';
import { findApp } from './repository.js';

/** Members of the owning organization and platform moderators may preview an app's head; nobody else. */
export async function mayPreview(db: Executor, organizationId: string, user: User): Promise<boolean> {
  return isModerator(user) || (await membershipRole(db, organizationId, user.id)) !== undefined;
}

async function existingApp(db: Executor, org: string, slug: string): Promise<AppRow> {
  const row = await findApp(db, org, slug);
  if (!row) throw new AppError('not_found', { key: 'apps.not_found', values: { slug, org } });
  return row;
}

/** The app for a member of its organization; 404 alike for "missing" and "not yours". */
export async function appForMember(db: Executor, org: string, slug: string, user: User): Promise<AppRow> {
  await requireMember(db, org, user.id);
  return existingApp(db, org, slug);
}

/** The app for a member or a moderator (who reviews apps of every organization). */
export async function appForMemberOrModerator(
  db: Executor,
  org: string,
  slug: string,
  user: User,
): Promise<AppRow> {
  if (!isModerator(user)) await requireMember(db, org, user.id);
  return existingApp(db, org, slug);
}
