// Hosted files beside the screens (issue 20 datasets, issue 22 strings): one row per (app, version, kind, name).
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // General by `kind` ('data' a dataset by its name, 'strings' a locale's texts by its tag) so later kinds of
  // deployed files need no table of their own. Kept like screens: the head and the live version only.
  await db.schema
    .createTable('hosted_files')
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('hosted_files_pk', ['app_id', 'version', 'kind', 'name'])
    .execute();
  // A revision keeps the files of its deploy as one JSON object {"data": {...}, "strings": {...}}; null when none.
  await db.schema.alterTable('revisions').addColumn('files', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('revisions').dropColumn('files').execute();
  await db.schema.dropTable('hosted_files').execute();
}
