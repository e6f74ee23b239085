// Push delivery: per-day quota counters, one delivery row per (notification, device), notification bookkeeping.
import { type Kysely, sql } from 'kysely';

// Written in snake_case: migrations run without the CamelCasePlugin so the SQL is what it says.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // One row per (app, UTC day, user): how many pushes that user got from that app that day. The notify
  // transaction upserts all of an audience at once and stamps the rows it charged with its notification id.
  await db.schema
    .createTable('push_quota')
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_quota_pk', ['app_id', 'day', 'user_id'])
    .execute();

  // No foreign keys: a removed device or notification must not block or cascade into a running send, and
  // the rows are written 100,000s at a time. `chunk` groups rows into worker jobs (key prefix = job).
  await db.schema
    .createTable('push_deliveries')
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sent', 'failed', 'removed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('push_deliveries_pk', ['notification_id', 'chunk', 'device_id'])
    .execute();

  await db.schema.alterTable('notifications').addColumn('sent_title', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('request_hash', 'text').execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('devices', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('chunks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('notifications').addColumn('finished_at', 'text').execute();
  await db.schema
    .createIndex('notifications_app_created_idx')
    .on('notifications')
    .columns(['app_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_app_created_idx').execute();
  for (const column of ['finished_at', 'chunks', 'devices', 'request_hash', 'link', 'sent_title']) {
    await db.schema.alterTable('notifications').dropColumn(column).execute();
  }
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('push_quota').execute();
}
