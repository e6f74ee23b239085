// App session tokens: short-lived, bound to one app, signed with a key of their own, so no /api/v1 route takes one.
import { randomUUID } from 'node:crypto';
import { APP_SESSION_SECONDS } from '@miniapps/contract';
import { decodeProtectedHeader, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { APP_SESSION_TYP, InvalidUserToken, type UserClaims } from './user-tokens.js';

export { APP_SESSION_TYP };
/** The `aud` of every app session token; never the audience of a user token. */
export const APP_SESSION_AUDIENCE = 'miniapps:app-session';
const ISSUER = 'miniapps';

/** The one app a token opens, as the proxy's URL names it, and its id (an app made anew under that name is another). */
export interface AppBinding {
  org: string;
  slug: string;
  id: string;
}

/** A proxy caller: the user, and for an app session token the app it is bound to. */
export interface CallerClaims extends UserClaims {
  app?: AppBinding;
}

export interface IssuedSession {
  token: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** Whether a bearer token says it is an app session token (not verified: only which verifier applies). */
export function isAppSessionToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === APP_SESSION_TYP;
  } catch {
    return false;
  }
}

/** Issues and verifies app session tokens under `key` (HKDF of the platform key for `app-sessions`). */
export function createAppSessionTokens(key: Uint8Array) {
  /** A token for `user` in `app`, living APP_SESSION_SECONDS and never past `notAfter` (Unix seconds). */
  async function issue(
    user: { id: string; roles: string[] },
    app: AppBinding,
    notAfter?: number,
  ): Promise<IssuedSession> {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Math.min(now + APP_SESSION_SECONDS, notAfter ?? Number.POSITIVE_INFINITY);
    const token = await new SignJWT({
      app: `${app.org}/${app.slug}`,
      aid: app.id,
      ...(user.roles.length > 0 && { roles: user.roles }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: APP_SESSION_TYP })
      .setIssuer(ISSUER)
      .setAudience(APP_SESSION_AUDIENCE)
      .setSubject(user.id)
      .setIssuedAt(now)
      // Each exchange its own token, even within one second: a renewed token never equals the one it replaces.
      .setJti(randomUUID())
      .setExpirationTime(expiresAt)
      .sign(key);
    return { token, expiresAt };
  }

  /** The caller a valid token names; InvalidUserToken for anything else (the proxy answers 401). */
  async function verify(token: string): Promise<CallerClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        typ: APP_SESSION_TYP,
        issuer: ISSUER,
        audience: APP_SESSION_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw new InvalidUserToken(String(error));
    }
    const [org, slug, ...rest] = typeof payload.app === 'string' ? payload.app.split('/') : [];
    if (
      !org ||
      !slug ||
      rest.length > 0 ||
      typeof payload.aid !== 'string' ||
      typeof payload.sub !== 'string'
    ) {
      throw new InvalidUserToken('the app session token names no app');
    }
    const roles = Array.isArray(payload.roles)
      ? payload.roles.filter((r): r is string => typeof r === 'string')
      : undefined;
    return { sub: payload.sub, app: { org, slug, id: payload.aid }, ...(roles && { roles }) };
  }

  return { issue, verify };
}

export type AppSessionTokens = ReturnType<typeof createAppSessionTokens>;
