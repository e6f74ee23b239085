// Users: profiles kept in the users table, created or refreshed from verified token claims.

import { MAX_FULL_NAME, MAX_GROUP } from '@miniapps/contract';
import type { Executor } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { nowIso } from '../ids.js';
import { type IntakeLog, type Profile, takeProfile } from './profile-intake.js';
import { cleanText, courseNumberOf } from './profile-values.js';
import { type UserClaims, UUID } from './user-tokens.js';

/** The signed-in user as the rest of the platform sees them. */
export interface User {
  id: string;
  email: string;
  fullName: string | null;
  course: string | null;
  group: string | null;
  roles: string[];
}

export const MODERATOR = 'moderator';

export function isModerator(user: User): boolean {
  return user.roles.includes(MODERATOR);
}

/** Values are read through the intake rules too: rows older than the rules hold "3 курс" and controls. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    fullName: cleanText(row.fullName, MAX_FULL_NAME) ?? null,
    course: courseNumberOf(row.course) ?? null,
    group: cleanText(row.groupName, MAX_GROUP) ?? null,
    roles: JSON.parse(row.roles) as string[],
  };
}

export async function findUserById(db: Executor, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toUser(row);
}

/** Creates the user or refreshes the profile fields that are given; the others stay. */
export async function upsertUser(db: Executor, id: string, profile: Profile): Promise<User> {
  const now = nowIso();
  const values = {
    email: profile.email.toLowerCase(),
    ...(profile.fullName !== undefined && { fullName: profile.fullName }),
    ...(profile.course !== undefined && { course: profile.course }),
    ...(profile.group !== undefined && { groupName: profile.group }),
    ...(profile.roles !== undefined && { roles: JSON.stringify(profile.roles) }),
  };
  await db
    .insertInto('users')
    .values({ id, createdAt: now, updatedAt: now, roles: '[]', ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updatedAt: now }))
    .execute();
  return (await findUserById(db, id))!;
}

/** A new user's row from a profile. */
export function newUserRow(id: string, profile: Profile, now: string): UserRow {
  return {
    id,
    email: profile.email.toLowerCase(),
    fullName: profile.fullName ?? null,
    course: profile.course ?? null,
    groupName: profile.group ?? null,
    roles: JSON.stringify(profile.roles ?? []),
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Creates the user unless the id or the e-mail is taken, in one statement, and reads the row by id: a new
 * user's first requests arrive in parallel, and a look-then-insert let them see each other's half-made
 * account (401 "e-mail taken") or collide on the e-mail's unique index (500). Undefined when the e-mail
 * belongs to another id.
 */
export async function createUserIfAbsent(
  db: Executor,
  id: string,
  profile: Profile,
): Promise<User | undefined> {
  await db
    .insertInto('users')
    .values(newUserRow(id, profile, nowIso()))
    // No conflict target: a taken id (a parallel first request) and a taken e-mail both leave the row as is.
    .onConflict((oc) => oc.doNothing())
    .execute();
  return findUserById(db, id);
}

/**
 * The user behind verified claims. A first visit with an e-mail claim creates the profile (by the
 * intake rules: a claim that is not an e-mail is 401 `unauthorized`);
 * token roles add to the stored ones (an identity provider may grant moderation).
 */
export async function userFromClaims(
  db: Executor,
  claims: UserClaims,
  log: IntakeLog,
): Promise<User | undefined> {
  // Another subject is mapped to its user by (iss, sub) (auth/bearer-user.ts); it is never an id itself.
  if (!UUID.test(claims.sub)) return undefined;
  let user = await findUserById(db, claims.sub);
  if (!user && claims.email) {
    const input = { email: claims.email, fullName: claims.name, course: claims.course, group: claims.group };
    const intake = takeProfile(input, claims.sub, log);
    if (!intake.ok) {
      throw new AppError('unauthorized', { key: 'auth.bad_email_claim' });
    }
    // Accounts are never joined by e-mail: a new subject cannot take over the one that holds it.
    user = await createUserIfAbsent(db, claims.sub, intake.profile);
    if (!user) throw new AppError('unauthorized', { key: 'auth.email_taken' });
  }
  return user && withTokenRoles(user, claims);
}

/** Token roles add to the stored ones for this request (an identity provider may grant moderation). */
export function withTokenRoles(user: User, claims: UserClaims): User {
  const extra = (claims.roles ?? []).filter((r) => !user.roles.includes(r));
  return extra.length > 0 ? { ...user, roles: [...user.roles, ...extra] } : user;
}
