// Push at scale: the quota row remembers which pushes charged it, so delivery rows are made per chunk by workers.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Written in snake_case: migrations run without the CamelCasePlugin so the SQL is what it says.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Queued rows of the 0020 layout cannot be expanded by the new workers; pushes in flight are dropped once.
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('push_quota').execute();

  // One row per (app, UTC day, user). The quota is 2, so the row names both pushes that charged it: the
  // recipients of a push are read back from here by workers, chunk by chunk, as ranges of user ids (the key's
  // order). PostgreSQL leaves 60% of each page free, room for every row's second version, so the day's second
  // charge is a HOT update (no new index entries, no page splits): 100,000 of them take half the time.
  await db.schema
    .createTable('push_quota')
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_notification_id', 'text', (c) => c.notNull())
    .addColumn('second_notification_id', 'text')
    .addPrimaryKeyConstraint('push_quota_pk', ['app_id', 'day', 'user_id'])
    .modifyEnd(postgres ? sql`with (fillfactor = 40)` : sql``)
    .execute();

  // One row per chunk of a push: expanded into delivery rows once, done once every row is settled.
  await db.schema
    .createTable('push_chunks')
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('chunk', 'integer', (c) => c.notNull())
    // The chunk's users: from_user_id ≤ user_id < to_user_id (null: no upper end).
    .addColumn('from_user_id', 'text', (c) => c.notNull())
    .addColumn('to_user_id', 'text')
    .addColumn('expanded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('push_chunks_pk', ['notification_id', 'chunk'])
    .execute();

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

  await db.schema.alterTable('notifications').addColumn('quota_day', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('platforms', 'text').execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('chunks_done', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Old pushes have no chunk rows; they count as finished.
  await sql`update notifications set finished_at = created_at where finished_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['chunks_done', 'platforms', 'quota_day']) {
    await db.schema.alterTable('notifications').dropColumn(column).execute();
  }
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('push_chunks').execute();
  await db.schema.dropTable('push_quota').execute();
  await db.schema
    .createTable('push_quota')
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_quota_pk', ['app_id', 'day', 'user_id'])
    .execute();
  await db.schema
    .createTable('push_deliveries')
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('push_deliveries_pk', ['notification_id', 'chunk', 'device_id'])
    .execute();
}
