// The user check in front of every user route: a bearer user JWT or a browser session cookie; sets request.user or answers 401.
import type { FastifyRequest } from 'fastify';
import type { WebSessionRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { MessageKey } from '../i18n/messages.js';
import type { Platform } from '../platform.js';
import { CSRF_HEADER, cookie, cookieNames, csrfMatches, readCookie } from '../sessions/cookies.js';
import { isAppSessionToken } from './app-session-tokens.js';
import { userOfBearerClaims } from './bearer-user.js';
import { InvalidUserToken, type RefusalReason } from './user-tokens.js';
import { findUserById, isModerator, type User } from './users-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    /** Set when the user came in by the session cookie (OpenID Connect sign-in). */
    webSession?: WebSessionRow | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  return bearerOf(request.headers.authorization);
}

/** The token of an `Authorization: Bearer <token>` header value. */
export function bearerOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** What the 401 says for each refusal: only what the caller could read from its own token anyway. */
export const REFUSAL_MESSAGES: Record<RefusalReason, MessageKey> = {
  expired: 'auth.token_expired',
  audience: 'auth.token_audience',
  issuer: 'auth.token_issuer',
  unknown_key: 'auth.token_unknown_key',
  lifetime: 'auth.token_lifetime',
  invalid: 'auth.bad_token',
};

/** Methods that change nothing: a session cookie alone is enough for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuthenticateOptions {
  /** Only the session cookie counts (the browser session's own routes). */
  cookieOnly?: boolean;
}

export async function authenticateUser(
  platform: Platform,
  request: FastifyRequest,
  options: AuthenticateOptions = {},
): Promise<User> {
  const token = options.cookieOnly ? undefined : bearerToken(request);
  // A bearer token wins: hosts send one, and a page's cookie must not stand in for it.
  if (!token) {
    const name = cookieNames(platform.config.oidc?.secureCookies ?? false).session;
    const session = platform.webSessions && readCookie(request.headers.cookie, name);
    if (session) return sessionUser(platform, request, session);
    throw new AppError('unauthorized', { key: 'auth.no_token' });
  }
  let claims: Awaited<ReturnType<Platform['userTokens']['verify']>>;
  try {
    claims = await platform.userTokens.verify(token);
  } catch (error) {
    if (error instanceof InvalidUserToken) {
      // Said apart so a native host that sent the wrong token learns which one this route takes.
      const appSession = isAppSessionToken(token);
      // The platform's log, with the request's id: there whether or not requests are logged. Never the token.
      platform.log.info(
        { reqId: request.id, reason: appSession ? 'app_session' : error.reason, detail: error.message },
        'user token refused',
      );
      const key = appSession ? 'auth.app_session_not_here' : REFUSAL_MESSAGES[error.reason];
      throw new AppError('unauthorized', { key });
    }
    throw error;
  }
  const user = await userOfBearerClaims(platform.db, claims, platform.log);
  if (!user) {
    platform.log.info({ reqId: request.id, reason: 'unknown_user', iss: claims.iss }, 'user token refused');
    throw new AppError('unauthorized', { key: 'auth.unknown_user' });
  }
  request.user = user;
  return user;
}

async function sessionUser(platform: Platform, request: FastifyRequest, value: string): Promise<User> {
  const found = await platform.webSessions!.resolve(value);
  const user = found.ok ? await findUserById(platform.db, found.session.userId) : undefined;
  if (!found.ok || !user) {
    platform.log.info({ reqId: request.id, reason: found.ok ? 'no_user' : found.reason }, 'session refused');
    const secure = platform.config.oidc?.secureCookies ?? false;
    throw new AppError('unauthorized', { key: 'auth.session_expired' }, undefined, {
      'set-cookie': cookie(cookieNames(secure).session, '', { secure, maxAge: 0 }),
    });
  }
  // SameSite=Lax keeps other sites' forms from sending the cookie; the token also stops a sibling subdomain.
  if (
    !SAFE_METHODS.has(request.method) &&
    !csrfMatches(request.headers[CSRF_HEADER], found.session.csrfToken)
  ) {
    throw new AppError('forbidden', { key: 'auth.csrf' });
  }
  request.user = user;
  request.webSession = found.session;
  return user;
}

/** The signed-in user of a route behind the /api/v1 hook (auth/public-routes.ts). */
export function userOf(request: FastifyRequest): User {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}

export function requireModerator(request: FastifyRequest): User {
  const user = userOf(request);
  if (!isModerator(user)) throw new AppError('forbidden', { key: 'auth.moderators_only' });
  return user;
}
