// Hosted apps and moderation: when an app entered review, and the version and details of each audit entry.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The moderation queue is served oldest submission first.
  await db.schema.alterTable('apps').addColumn('submitted_at', 'text').execute();
  await db.schema.createIndex('apps_status_idx').on('apps').columns(['status', 'submitted_at']).execute();
  // Which head version a transition concerned, and what else it did (e.g. notifications revoked), as JSON.
  await db.schema.alterTable('audit_log').addColumn('version', 'integer').execute();
  await db.schema.alterTable('audit_log').addColumn('details', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('details').execute();
  await db.schema.alterTable('audit_log').dropColumn('version').execute();
  await db.schema.dropIndex('apps_status_idx').execute();
  await db.schema.alterTable('apps').dropColumn('submitted_at').execute();
}
