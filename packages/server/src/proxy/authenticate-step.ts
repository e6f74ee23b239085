// Step 1: who is calling. The bearer token is verified (or recognised as verified a moment ago) before anything else.
import { bearerOf } from '../auth/authenticate.js';
import { InvalidUserToken, type UserClaims, type UserTokens } from '../auth/user-tokens.js';
import { AppError } from '../errors.js';
import { rememberVerifiedTokens } from './verified-tokens.js';

/**
 * The same checks and answers as auth/authenticate.ts, split in two so the proxy can load the user
 * together with the app in one query (request-context.ts): here the token, there the user row.
 * A token seen a moment ago is answered at once, without a promise: most requests of a session.
 */
export function createAuthenticator(tokens: UserTokens) {
  const remembered = rememberVerifiedTokens(tokens);
  return function authenticate(authorization: string | undefined): UserClaims | Promise<UserClaims> {
    const token = bearerOf(authorization);
    if (!token) throw new AppError('unauthorized', 'Send a user token: Authorization: Bearer <JWT>.');
    return remembered.known(token) ?? verify(token);
  };

  async function verify(token: string): Promise<UserClaims> {
    try {
      return await remembered.verify(token);
    } catch (error) {
      if (error instanceof InvalidUserToken)
        throw new AppError('unauthorized', 'The user token is invalid or expired.');
      throw error;
    }
  }
}
