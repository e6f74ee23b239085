// The user-JWT check in front of every user route: sets request.user or answers 401 `unauthorized`.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Platform } from '../platform.js';
import { isAppSessionToken } from './app-session-tokens.js';
import { InvalidUserToken } from './user-tokens.js';
import { isModerator, type User, userFromClaims } from './users-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
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

export async function authenticateUser(platform: Platform, request: FastifyRequest): Promise<User> {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthorized', { key: 'auth.no_token' });
  let claims: Awaited<ReturnType<Platform['userTokens']['verify']>>;
  try {
    claims = await platform.userTokens.verify(token);
  } catch (error) {
    if (error instanceof InvalidUserToken) {
      // Said apart so a native host that sent the wrong token learns which one this route takes.
      const key = isAppSessionToken(token) ? 'auth.app_session_not_here' : 'auth.bad_token';
      throw new AppError('unauthorized', { key });
    }
    throw error;
  }
  const user = await userFromClaims(platform.db, claims, platform.log);
  if (!user) throw new AppError('unauthorized', { key: 'auth.unknown_user' });
  request.user = user;
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
