// Foundation tables: users, organizations, apps, screens, revisions, tokens, secrets, consents, devices, notifications.
import { type Kysely, sql } from 'kysely';

// Written in snake_case: migrations run without the CamelCasePlugin so the SQL is what it says.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text')
    .addColumn('course', 'text')
    .addColumn('group_name', 'text')
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('source_kind', 'text', (c) =>
      c.notNull().check(sql`source_kind in ('hosted', 'remote', 'service')`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('origin', 'text')
    .addColumn('start_path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('draft', 'pending_review', 'published', 'rejected', 'suspended')`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('live_version', 'integer')
    .addColumn('live_name', 'text')
    .addColumn('live_origin', 'text')
    .addColumn('live_start_path', 'text')
    .addColumn('live_scopes', 'text')
    .addColumn('status_before_suspend', 'text')
    .addColumn('review_note', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('apps_org_slug_unique', ['organization_id', 'slug'])
    .execute();

  await db.schema
    .createTable('screens')
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('screens_pk', ['app_id', 'version', 'path'])
    .execute();

  await db.schema
    .createTable('revisions')
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('screens', 'text', (c) => c.notNull())
    .addColumn('screen_count', 'integer', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('revisions_pk', ['app_id', 'version'])
    .execute();

  await db.schema
    .createTable('deploy_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('deploy_tokens_user_idx').on('deploy_tokens').column('user_id').execute();

  await db.schema
    .createTable('signing_secrets')
    .addColumn('app_id', 'text', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('previous_enc', 'text')
    .addColumn('previous_valid_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .execute();

  await db.schema
    .createTable('consents')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('consents_pk', ['user_id', 'app_id'])
    .execute();
  await db.schema.createIndex('consents_app_idx').on('consents').column('app_id').execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) =>
      c.notNull().check(sql`platform in ('android', 'ios', 'huawei', 'rustore')`),
    )
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('client_app', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('devices_platform_token_unique', ['platform', 'token'])
    .execute();
  await db.schema.createIndex('devices_user_idx').on('devices').column('user_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    .addColumn('users', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens_removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('response', 'text')
    .addColumn('token_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notifications_idempotency_unique', ['app_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_app_idx')
    .on('audit_log')
    .columns(['app_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'notifications',
    'devices',
    'consents',
    'signing_secrets',
    'deploy_tokens',
    'revisions',
    'screens',
    'apps',
    'memberships',
    'organizations',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
