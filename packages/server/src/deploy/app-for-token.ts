// Finds the app a deploy token may act on: any app of an organization where the token's account is a member.
import type { Executor } from '../db/database.js';
import type { AppRow } from '../db/schema.js';
import { AppError } from '../errors.js';

/** The app, or `app_not_found` (422) alike for a missing app and for another account's app. */
export async function appForToken(
  db: Executor,
  organizationId: string,
  slug: string,
  userId: string,
): Promise<AppRow> {
  const row = await db
    .selectFrom('apps')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.organizationId', '=', 'apps.organizationId')
        .on('memberships.userId', '=', userId),
    )
    .selectAll('apps')
    .where('apps.organizationId', '=', organizationId)
    .where('apps.slug', '=', slug)
    .executeTakeFirst();
  if (!row) {
    throw new AppError('app_not_found', {
      key: 'deploy.app_not_found',
      values: { slug, org: organizationId },
    });
  }
  return row;
}
