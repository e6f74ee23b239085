// Step 1: who is calling. The bearer token is verified (or recognised as verified a moment ago) before anything else.
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/authenticate.js';
import { InvalidUserToken, type UserClaims, type UserTokens } from '../auth/user-tokens.js';
import { AppError } from '../errors.js';
import { rememberVerifiedTokens } from './verified-tokens.js';

/**
 * The same checks and answers as auth/authenticate.ts, split in two so the proxy can load the user
 * together with the app in one query (request-context.ts): here the token, there the user row.
 */
export function createAuthenticator(tokens: UserTokens) {
  const verify = rememberVerifiedTokens(tokens);
  return async function authenticate(request: FastifyRequest): Promise<UserClaims> {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Send a user token: Authorization: Bearer <JWT>.');
    try {
      return await verify(token);
    } catch (error) {
      if (error instanceof InvalidUserToken)
        throw new AppError('unauthorized', 'The user token is invalid or expired.');
      throw error;
    }
  };
}
