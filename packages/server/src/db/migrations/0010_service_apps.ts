// First-party service apps: the platform organization, its system user and the "Profile card" service app.
import type { Kysely } from 'kysely';

// Fixed ids: the rows are the same on every installation, and `down` can find them again.
const SYSTEM_USER_ID = '00000000-0000-4000-8000-000000000001';
const PROFILE_CARD_APP_ID = '00000000-0000-4000-8000-0000000000a1';
const PLATFORM_ORG = 'platform';
const CREATED_AT = '2025-01-01T00:00:00.000Z';

// Written in snake_case: migrations run without the CamelCasePlugin so the SQL is what it says.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Organizations need a creator; the system user has no login (".invalid" can never receive mail).
  await db
    .insertInto('users')
    .values({
      id: SYSTEM_USER_ID,
      email: 'system@platform.invalid',
      full_name: 'Platform',
      roles: '[]',
      created_at: CREATED_AT,
      updated_at: CREATED_AT,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('organizations')
    .values({ id: PLATFORM_ORG, name: 'Platform', created_by: SYSTEM_USER_ID, created_at: CREATED_AT })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // Service apps have no user owner (created_by null) and are live from the start: nothing to review.
  await db
    .insertInto('apps')
    .values({
      id: PROFILE_CARD_APP_ID,
      organization_id: PLATFORM_ORG,
      slug: 'profile-card',
      source_kind: 'service',
      name: 'Profile card',
      origin: null,
      start_path: '/',
      scopes: '[]',
      status: 'published',
      version: 1,
      live_version: 1,
      live_name: 'Profile card',
      live_origin: null,
      live_start_path: '/',
      live_scopes: '[]',
      created_by: null,
      created_at: CREATED_AT,
      updated_at: CREATED_AT,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'slug']).doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('apps').where('id', '=', PROFILE_CARD_APP_ID).execute();
  await db
    .deleteFrom('organizations')
    .where('id', '=', PLATFORM_ORG)
    .where('created_by', '=', SYSTEM_USER_ID)
    .execute();
  await db.deleteFrom('users').where('id', '=', SYSTEM_USER_ID).execute();
}
