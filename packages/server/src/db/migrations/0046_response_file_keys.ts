// The file store's sweep asks which keys rows still reference: one index on the key (each key is one file's).
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('response_files_by_key').on('response_files').column('key').unique().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('response_files_by_key').execute();
}
