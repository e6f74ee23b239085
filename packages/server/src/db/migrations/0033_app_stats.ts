// Usage statistics per app and UTC day: additive counters, and the pseudonymous ids of the day's users.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // One row per (app, day, metric): every node adds its counts with an upsert, so nodes add up exactly and a
  // new error code or latency bucket needs no new column. No foreign key: a flush racing an app's removal
  // must not fail (and keep failing) for everyone; rows of a removed app age out with the retention.
  await db.schema
    .createTable('app_stats_counters')
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_stats_counters_pk', ['app_id', 'day', 'metric'])
    .execute();
  // Distinct users are exact: each node inserts the ids it saw, duplicates are ignored, the rows are counted.
  await db.schema
    .createTable('app_stats_users')
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('app_user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_stats_users_pk', ['app_id', 'day', 'app_user_id'])
    .execute();
  // Retention deletes by day across apps.
  await db.schema.createIndex('app_stats_counters_day_idx').on('app_stats_counters').column('day').execute();
  await db.schema.createIndex('app_stats_users_day_idx').on('app_stats_users').column('day').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_stats_users').execute();
  await db.schema.dropTable('app_stats_counters').execute();
}
