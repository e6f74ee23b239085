// Server-side browser sessions, whatever keeps them: the shape, the cookie's hash, the sealed tokens, the live check.
import { createHash, randomBytes } from 'node:crypto';
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

/**
 * Where sessions live: the database (sessions/database-store.ts), or Redis when REDIS_URL is set
 * (sessions/redis-store.ts). platform.ts picks one at start-up. Ids are the cookie's hash, never its value.
 */
export interface SessionStore {
  insert(row: WebSessionRow, times: SessionTimes, now: Date): Promise<void>;
  find(id: string): Promise<WebSessionRow | undefined>;
  /** Sets `lastSeenAt` (the idle end moves with it); a session already gone stays gone. */
  touch(id: string, lastSeenAt: Date, times: SessionTimes, expiresAt: string): Promise<void>;
  updateTokens(id: string, sealed: SealedTokens): Promise<void>;
  /** Moves `refreshAt` from `due` to `next` only if nobody moved it first: true for the one caller that did. */
  claimRefresh(id: string, due: string, next: Date): Promise<boolean>;
  delete(id: string): Promise<void>;
  /** Sessions past their absolute end; run now and then so abandoned ones do not pile up. */
  deleteExpired(now: Date): Promise<void>;
}

export type SealedTokens = Pick<WebSessionRow, 'refreshTokenEnc' | 'idTokenEnc' | 'refreshAt'>;

/** The row's id: the cookie's value hashed, so the store alone opens no session. */
export function sessionIdOf(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('hex');
}

/** Ms from `now` to the session's end: the earlier of its idle end and its absolute end. */
export function msLeft(lastSeenAt: string, expiresAt: string, times: SessionTimes, now: Date): number {
  const idleEnd = Date.parse(lastSeenAt) + times.idleSeconds * 1000;
  return Math.min(idleEnd, Date.parse(expiresAt)) - now.getTime();
}

export async function createSession(
  store: SessionStore,
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
  await store.insert(row, times, now);
  return { cookieValue, row };
}

function sealedTokens(key: Buffer, id: string, tokens: SessionTokens): SealedTokens {
  return {
    refreshTokenEnc: tokens.refreshToken === undefined ? null : sealSecret(key, id, tokens.refreshToken),
    idTokenEnc: tokens.idToken === undefined ? null : sealSecret(key, id, tokens.idToken),
    refreshAt: tokens.refreshToken === undefined ? null : (tokens.refreshAt?.toISOString() ?? null),
  };
}

/** The live session a cookie names; a session past its idle or absolute end is deleted and not returned. */
export async function findLiveSession(
  store: SessionStore,
  cookieValue: string,
  times: SessionTimes,
  now: Date,
): Promise<{ live: WebSessionRow } | { ended: 'unknown' | 'expired' }> {
  const id = sessionIdOf(cookieValue);
  const row = await store.find(id);
  if (!row) return { ended: 'unknown' };
  if (msLeft(row.lastSeenAt, row.expiresAt, times, now) <= 0) {
    await store.delete(id);
    return { ended: 'expired' };
  }
  return { live: row };
}

/** Moves the idle end; written at most once a minute per session, not on every request. */
export async function touchSession(
  store: SessionStore,
  row: WebSessionRow,
  times: SessionTimes,
  now: Date,
): Promise<void> {
  if (now.getTime() - new Date(row.lastSeenAt).getTime() < 60_000) return;
  await store.touch(row.id, now, times, row.expiresAt);
}

export async function updateSessionTokens(
  store: SessionStore,
  key: Buffer,
  id: string,
  tokens: SessionTokens,
): Promise<void> {
  await store.updateTokens(id, sealedTokens(key, id, tokens));
}

export function openSessionToken(
  key: Buffer,
  row: WebSessionRow,
  which: 'refresh' | 'id',
): string | undefined {
  const sealed = which === 'refresh' ? row.refreshTokenEnc : row.idTokenEnc;
  return sealed === null ? undefined : openSecret(key, row.id, sealed);
}
