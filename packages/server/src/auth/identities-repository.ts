// The platform's user behind an identity provider's (issuer, sub): any `sub` is accepted, the platform keeps its own id.
import type { Db } from '../db/database.js';
import { newUuid, nowIso } from '../ids.js';
import type { Profile } from './profile-intake.js';
import { findUserByEmail, findUserById, newUserRow, type User } from './users-repository.js';

export type IdentitySignIn =
  | { ok: true; user: User; created: boolean }
  | { ok: false; problem: 'email_taken' };

export async function userIdOfIdentity(db: Db, issuer: string, subject: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('userIdentities')
    .select('userId')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.userId;
}

/**
 * The user of `(issuer, subject)`, made on the first sign-in: the user row and its identity row are written in one
 * transaction, the identity keyed by `(issuer, subject)`, so two first sign-ins in parallel end with one account
 * (the second waits on the e-mail's unique index, then finds the first one's identity). Accounts are never joined
 * by e-mail: when the e-mail belongs to another account the answer says so and nothing is written.
 */
export async function userOfIdentity(
  db: Db,
  issuer: string,
  subject: string,
  profile: Profile,
): Promise<IdentitySignIn> {
  const known = await userIdOfIdentity(db, issuer, subject);
  if (known !== undefined) {
    const user = await findUserById(db, known);
    if (user) return { ok: true, user, created: false };
  }
  const id = newUuid();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('users')
      .values(newUserRow(id, profile, now))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return;
    await trx
      .insertInto('userIdentities')
      .values({ issuer, subject, userId: id, createdAt: now })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
  });
  const linked = await userIdOfIdentity(db, issuer, subject);
  if (linked === undefined) return { ok: false, problem: 'email_taken' };
  // A parallel first sign-in linked its own row first: ours (if any) holds nothing yet and goes.
  if (linked !== id) await db.deleteFrom('users').where('id', '=', id).execute();
  const user = await findUserById(db, linked);
  return user ? { ok: true, user, created: linked === id } : { ok: false, problem: 'email_taken' };
}

/**
 * Writes what the identity provider says now: name, course, group and roles as given (a role it no longer
 * names is gone), and the e-mail unless another account holds it.
 */
export async function refreshProfile(db: Db, user: User, profile: Profile): Promise<User> {
  const email = profile.email.toLowerCase();
  const holder = email === user.email ? undefined : await findUserByEmail(db, email);
  await db
    .updateTable('users')
    .set({
      ...(holder === undefined && { email }),
      fullName: profile.fullName ?? null,
      course: profile.course ?? null,
      groupName: profile.group ?? null,
      ...(profile.roles !== undefined && { roles: JSON.stringify(profile.roles) }),
      updatedAt: nowIso(),
    })
    .where('id', '=', user.id)
    .execute();
  return (await findUserById(db, user.id)) ?? user;
}
