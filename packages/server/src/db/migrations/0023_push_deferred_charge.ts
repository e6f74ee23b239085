// PostgreSQL answers a push before charging its audience: when the charge (quota rows and chunks) committed.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('charged_at', 'text').execute();
  await sql`update notifications set charged_at = created_at`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('charged_at').execute();
}
