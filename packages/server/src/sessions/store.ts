// Server-side browser sessions in the database: made at sign-in, found by the cookie's hash, touched, refreshed, ended.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { WebSessionRow } from '../db/schema.js';
import { openSecret, sealSecret } from '../signing/secret-box.js';

export interface SessionTokens {
  refreshToken: string | undefined;
  idToken: string | undefined;
  /** When to refresh the IdP's tokens (and read the claims again); undefined without a refresh token. */
  refreshAt: Date | undefined;
}

export interface NewSession extends SessionTokens {
  userId: string;
  issuer: string;
  subject: string;
}

export interface SessionTimes {
  idleSeconds: number;
  absoluteSeconds: number;
}

/** The row's id: the cookie's value hashed, so the table alone opens no session. */
export function sessionIdOf(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('hex');
}

export async function createSession(
  db: Db,
  key: Buffer,
  input: NewSession,
  times: SessionTimes,
  now: Date,
): Promise<{ cookieValue: string; row: WebSessionRow }> {
  const cookieValue = randomBytes(32).toString('base64url');
  const id = sessionIdOf(cookieValue);
  const row: WebSessionRow = {
    id,
    userId: input.userId,
    issuer: input.issuer,
    subject: input.subject,
    csrfToken: randomBytes(24).toString('base64url'),
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + times.absoluteSeconds * 1000).toISOString(),
    ...sealedTokens(key, id, input),
  };
  await db.insertInto('webSessions').values(row).execute();
  return { cookieValue, row };
}

function sealedTokens(key: Buffer, id: string, tokens: SessionTokens) {
  return {
    refreshTokenEnc: tokens.refreshToken === undefined ? null : sealSecret(key, id, tokens.refreshToken),
    idTokenEnc: tokens.idToken === undefined ? null : sealSecret(key, id, tokens.idToken),
    refreshAt: tokens.refreshToken === undefined ? null : (tokens.refreshAt?.toISOString() ?? null),
  };
}

export async function findSession(db: Db, id: string): Promise<WebSessionRow | undefined> {
  return db.selectFrom('webSessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The live session a cookie names; a session past its idle or absolute end is deleted and not returned. */
export async function findLiveSession(
  db: Db,
  cookieValue: string,
  times: SessionTimes,
  now: Date,
): Promise<{ live: WebSessionRow } | { ended: 'unknown' | 'expired' }> {
  const id = sessionIdOf(cookieValue);
  const row = await findSession(db, id);
  if (!row) return { ended: 'unknown' };
  const idleEnd = new Date(row.lastSeenAt).getTime() + times.idleSeconds * 1000;
  if (now.getTime() >= idleEnd || now.toISOString() >= row.expiresAt) {
    await deleteSession(db, id);
    return { ended: 'expired' };
  }
  return { live: row };
}

/** Moves the idle end; written at most once a minute per session, not on every request. */
export async function touchSession(db: Db, row: WebSessionRow, now: Date): Promise<void> {
  if (now.getTime() - new Date(row.lastSeenAt).getTime() < 60_000) return;
  await db
    .updateTable('webSessions')
    .set({ lastSeenAt: now.toISOString() })
    .where('id', '=', row.id)
    .execute();
}

export async function updateSessionTokens(
  db: Db,
  key: Buffer,
  id: string,
  tokens: SessionTokens,
): Promise<void> {
  await db
    .updateTable('webSessions')
    .set(sealedTokens(key, id, tokens))
    .where('id', '=', id)
    .execute();
}

export function openSessionToken(
  key: Buffer,
  row: WebSessionRow,
  which: 'refresh' | 'id',
): string | undefined {
  const sealed = which === 'refresh' ? row.refreshTokenEnc : row.idTokenEnc;
  return sealed === null ? undefined : openSecret(key, row.id, sealed);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webSessions').where('id', '=', id).execute();
}

/** Sessions past their absolute end; run now and then so abandoned rows do not pile up. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('webSessions').where('expiresAt', '<=', now.toISOString()).execute();
}
