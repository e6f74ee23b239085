// Push under faults: pushes not yet handed to the queue (the outbox), and a device index that needs no statistics.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // When the push's chunk jobs reached the queue; null while Redis was away (any node drains them later).
  await db.schema.alterTable('notifications').addColumn('queued_at', 'text').execute();
  await sql`update notifications set queued_at = created_at`.execute(db);
  await db.schema
    .createIndex('notifications_outbox_idx')
    .on('notifications')
    .column('created_at')
    .where(sql.ref('queued_at'), 'is', null)
    .execute();
  // "Has a device on a configured platform" is one index probe per user: without statistics (a freshly
  // filled table) PostgreSQL otherwise combined the user index with the (platform, token) one, reading every
  // device of the platform for each user.
  await db.schema
    .createIndex('devices_user_platform_idx')
    .on('devices')
    .columns(['user_id', 'platform'])
    .execute();
  await db.schema.dropIndex('devices_user_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('devices_user_idx').on('devices').column('user_id').execute();
  await db.schema.dropIndex('devices_user_platform_idx').execute();
  await db.schema.dropIndex('notifications_outbox_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('queued_at').execute();
}
