// The development push inbox: the `web-dev` device platform, and the pushes its provider keeps per user.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
type AnyDb = Kysely<any>;

const WITH_WEB_DEV = sql`platform in ('android', 'ios', 'huawei', 'rustore', 'web-dev')`;
const WITHOUT_WEB_DEV = sql`platform in ('android', 'ios', 'huawei', 'rustore')`;

/**
 * The devices' platform check names the platforms. PostgreSQL swaps the constraint; SQLite cannot alter one, so
 * the table is rebuilt (nothing references it) with the same columns, constraint and index.
 */
async function platformCheck(db: AnyDb, check: typeof WITH_WEB_DEV): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table devices drop constraint if exists devices_platform_check`.execute(db);
    await sql`alter table devices add constraint devices_platform_check check (${check})`.execute(db);
    return;
  }
  await db.schema
    .createTable('devices_0044')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull().check(check))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('client_app', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('devices_platform_token_unique', ['platform', 'token'])
    .execute();
  await sql`insert into devices_0044 (id, user_id, platform, token, client_app, created_at, updated_at)
    select id, user_id, platform, token, client_app, created_at, updated_at from devices`.execute(db);
  await db.schema.dropTable('devices').execute();
  await db.schema.alterTable('devices_0044').renameTo('devices').execute();
  await db.schema
    .createIndex('devices_user_platform_idx')
    .on('devices')
    .columns(['user_id', 'platform'])
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await platformCheck(db, WITH_WEB_DEV);
  // One row per (user, push): a user's second browser, or a chunk sent again, adds nothing.
  await db.schema
    .createTable('dev_inbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addUniqueConstraint('dev_inbox_user_notification_unique', ['user_id', 'notification_id'])
    .execute();
  await db.schema
    .createIndex('dev_inbox_user_created_idx')
    .on('dev_inbox')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('dev_inbox').execute();
  await db.deleteFrom('devices').where('platform', '=', 'web-dev').execute();
  await platformCheck(db, WITHOUT_WEB_DEV);
}
