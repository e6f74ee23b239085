// Locale strings of hosted apps (issue 22) live in hosted_files (kind 'strings'); their order in the deploy is kept.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The first locale of a deploy is the app's default (the fallback when none of the user's languages is there).
  await db.schema
    .alterTable('hosted_files')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hosted_files').dropColumn('position').execute();
}
