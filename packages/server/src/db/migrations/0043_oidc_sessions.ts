// OpenID Connect sign-in: the platform's user behind each identity provider's (issuer, sub), and server-side web sessions.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The platform keeps its own user id: an IdP's `sub` may be any string (ADFS, Entra, Google issue no UUIDs).
  await db.schema
    .createTable('user_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('web_sessions')
    // SHA-256 of the cookie's value: a copy of the table opens no session.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // Sent back in X-CSRF-Token on every cookie-authenticated write.
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // The absolute end; the idle end is last_seen_at plus the idle timeout.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Sealed with the platform key; null when the IdP gave none.
    .addColumn('refresh_token_enc', 'text')
    .addColumn('id_token_enc', 'text')
    // When the IdP's tokens are to be refreshed (and the claims read again); null without a refresh token.
    .addColumn('refresh_at', 'text')
    .execute();
  await db.schema.createIndex('web_sessions_user_idx').on('web_sessions').column('user_id').execute();
  await db.schema.createIndex('web_sessions_expires_idx').on('web_sessions').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_sessions').execute();
  await db.schema.dropTable('user_identities').execute();
}
