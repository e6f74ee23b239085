// Step 1: who is calling. The bearer token is verified (or recognised as verified a moment ago) before anything else.
import { bearerOf } from '../auth/authenticate.js';
import { InvalidUserToken, type UserClaims, type UserTokens } from '../auth/user-tokens.js';
import { AppError } from '../errors.js';
import { rememberVerifiedTokens } from './verified-tokens.js';

/**
 * The same checks and answers as auth/authenticate.ts, split in two so the proxy can load the user
 * together with the app in one query (request-context.ts): here the token, there the user row.
 * A header seen a moment ago is answered at once, by its exact text, without parsing it or waiting
 * on a promise: most requests of a session.
 */
export function createAuthenticator(tokens: UserTokens) {
  const remembered = rememberVerifiedTokens(tokens);
  return function authenticate(authorization: string | undefined): UserClaims | Promise<UserClaims> {
    return (authorization !== undefined && remembered.known(authorization)) || verify(authorization);
  };

  async function verify(authorization: string | undefined): Promise<UserClaims> {
    const token = bearerOf(authorization);
    if (!token || authorization === undefined) throw new AppError('unauthorized', { key: 'auth.no_token' });
    try {
      return await remembered.verify(token, authorization);
    } catch (error) {
      if (error instanceof InvalidUserToken) throw new AppError('unauthorized', { key: 'auth.bad_token' });
      throw error;
    }
  }
}
