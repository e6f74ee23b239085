// Invitations to an organization: an owner invites an e-mail; membership begins only when that person accepts.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    // Lowercase: the address is matched against the signed-in user's (lowercased) e-mail.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'accepted', 'declined', 'revoked')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // When it was accepted, declined or revoked; null while pending.
    .addColumn('responded_at', 'text')
    .execute();
  // One open invitation per address and organization: inviting again renews it.
  await db.schema
    .createIndex('invitations_pending_unique')
    .on('invitations')
    .columns(['organization_id', 'email'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
