// Form responses of hosted apps: one row per response, its values and the scoped profile as JSON text; each app's
// retention in days (null: the default); the files of a response in a store of their own, referenced here.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Keyed by the real (app, user) for deletion (a deleted app or user takes its responses along); owners see
  // only the pseudonymous app-user id.
  await db.schema
    .createTable('form_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_user_id', 'text', (c) => c.notNull())
    .addColumn('app_version', 'integer', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('profile', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_responses_by_form')
    .on('form_responses')
    .columns(['app_id', 'form', 'created_at'])
    .execute();
  await db.schema
    .createIndex('form_responses_by_user')
    .on('form_responses')
    .columns(['app_id', 'user_id', 'form'])
    .execute();
  // The sweeper reads by age across apps.
  await db.schema.createIndex('form_responses_by_age').on('form_responses').column('created_at').execute();
  // A file of a response: its bytes live in the file store (disk or S3) under `key`, never in the database.
  await db.schema
    .createTable('response_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('response_id', 'text', (c) => c.notNull().references('form_responses.id').onDelete('cascade'))
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('response_files_by_response')
    .on('response_files')
    .column('response_id')
    .execute();
  await db.schema.alterTable('apps').addColumn('response_retention_days', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('apps').dropColumn('response_retention_days').execute();
  await db.schema.dropTable('response_files').execute();
  await db.schema.dropTable('form_responses').execute();
}
