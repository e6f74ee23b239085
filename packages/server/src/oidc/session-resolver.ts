// Browser sessions as the /api/v1 hook sees them: found by cookie, ended when idle or old, refreshed with the IdP.
import { ResponseBodyError } from 'openid-client';
import { refreshProfile } from '../auth/identities-repository.js';
import type { IntakeLog } from '../auth/profile-intake.js';
import { findUserById } from '../auth/users-repository.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../infra/clock.js';
import {
  findLiveSession,
  openSessionToken,
  type SessionStore,
  touchSession,
  updateSessionTokens,
} from '../sessions/store.js';
import type { WebSessions } from '../sessions/web-sessions.js';
import { profileOfClaims } from './claims.js';
import type { IssuedTokens, RelyingParty } from './relying-party.js';

export interface ResolverParts {
  rp: RelyingParty;
  db: Db;
  sessions: SessionStore;
  key: Buffer;
  clock: Clock;
  log: IntakeLog & { info(details: object, message: string): void };
}

/** While the IdP cannot be reached, a session keeps working and its refresh is tried again after this long. */
const RETRY_REFRESH_MS = 60_000;
/** Without `expires_in`, the claims are read again after this long. */
const DEFAULT_REFRESH_SECONDS = 300;

/** The claims of a token response: the ID token's, with userinfo's added (IdPs put scope claims there). */
export async function claimsOfTokens(
  rp: RelyingParty,
  tokens: IssuedTokens,
): Promise<Record<string, unknown>> {
  const subject = tokens.claims.sub;
  if (typeof subject !== 'string') return tokens.claims;
  const userinfo = await rp.userinfo(tokens.accessToken, subject);
  return { ...tokens.claims, ...userinfo };
}

export function refreshAtOf(now: number, tokens: IssuedTokens): Date | undefined {
  if (tokens.refreshToken === undefined) return undefined;
  return new Date(now + (tokens.expiresIn ?? DEFAULT_REFRESH_SECONDS) * 1000);
}

export function createSessionResolver(parts: ResolverParts): WebSessions {
  const { rp, db, sessions, key, clock, log } = parts;
  const times = { idleSeconds: rp.config.idleSeconds, absoluteSeconds: rp.config.absoluteSeconds };
  return {
    async resolve(cookieValue) {
      const now = clock.now();
      const found = await findLiveSession(sessions, cookieValue, times, new Date(now));
      if ('ended' in found) return { ok: false, reason: found.ended };
      const session = found.live;
      // The claim moves `refreshAt` a minute on only if no other request (on any node) did it first. Parallel
      // requests of one page would otherwise all redeem the same refresh token, and an IdP that rotates refresh
      // tokens and detects reuse (Keycloak's "Revoke refresh token") would end the session for it.
      if (
        session.refreshAt !== null &&
        now >= Date.parse(session.refreshAt) &&
        (await sessions.claimRefresh(session.id, session.refreshAt, new Date(now + RETRY_REFRESH_MS)))
      ) {
        const refreshToken = openSessionToken(key, session, 'refresh')!;
        let tokens: IssuedTokens;
        try {
          tokens = await rp.refresh(refreshToken);
        } catch (error) {
          if (error instanceof ResponseBodyError) {
            // The IdP said no (invalid_grant: signed out there, access taken away): the session ends with it.
            log.info(
              { sessionUser: session.userId, error: error.error },
              'the identity provider refused the refresh; session ended',
            );
            await sessions.delete(session.id);
            return { ok: false, reason: 'refused' };
          }
          log.warn(
            { sessionUser: session.userId, err: String(error) },
            'session refresh failed; retrying later',
          );
          // The claim (claimRefresh) already moved refresh_at a minute on: the next try comes then.
          return { ok: true, session };
        }
        const claims = await claimsOfTokens(rp, tokens).catch(() => tokens.claims);
        const user = await findUserById(db, session.userId);
        const described = profileOfClaims(claims, rp.config, session.userId, log);
        if (user && described.ok) await refreshProfile(db, user, described.profile);
        await updateSessionTokens(sessions, key, session.id, {
          refreshToken: tokens.refreshToken ?? refreshToken,
          idToken: tokens.idToken ?? openSessionToken(key, session, 'id'),
          refreshAt: refreshAtOf(now, { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken }),
        });
      }
      await touchSession(sessions, session, times, new Date(now));
      return { ok: true, session };
    },
  };
}
