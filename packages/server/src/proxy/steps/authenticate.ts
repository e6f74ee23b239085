// Step 1: who is calling. The bearer token is verified (or recognised as verified a moment ago) before anything else.
import {
  type AppSessionTokens,
  type CallerClaims,
  isAppSessionToken,
} from '../../auth/app-session-tokens.js';
import { bearerOf, REFUSAL_MESSAGES } from '../../auth/authenticate.js';
import { InvalidUserToken, type UserTokens } from '../../auth/user-tokens.js';
import { AppError } from '../../errors.js';
import { rememberVerifiedTokens } from './verified-tokens.js';

/**
 * The same checks and answers as auth/authenticate.ts, split in two so the proxy can load the user
 * together with the app in one query (request-context.ts): here the token, there the user row.
 * A header seen a moment ago is answered at once, by its exact text, without parsing it or waiting
 * on a promise: most requests of a session. Two kinds of token are taken: a user JWT (native hosts)
 * and an app session token, whose claims then name the one app it opens (the pipeline checks it).
 */
export function createAuthenticator(
  tokens: UserTokens,
  sessions: AppSessionTokens,
  log?: { info(details: object, message: string): void },
) {
  const remembered = rememberVerifiedTokens<CallerClaims>({
    verify: (token) => (isAppSessionToken(token) ? sessions.verify(token) : tokens.verify(token)),
  });
  return function authenticate(authorization: string | undefined): CallerClaims | Promise<CallerClaims> {
    return (authorization !== undefined && remembered.known(authorization)) || verify(authorization);
  };

  async function verify(authorization: string | undefined): Promise<CallerClaims> {
    const token = bearerOf(authorization);
    if (!token || authorization === undefined) throw new AppError('unauthorized', { key: 'auth.no_token' });
    try {
      return await remembered.verify(token, authorization);
    } catch (error) {
      if (error instanceof InvalidUserToken) {
        const appSession = isAppSessionToken(token);
        // Why, in the log (never the token) and, where it tells nothing the caller did not send, in the 401.
        log?.info(
          { reason: appSession ? 'app_session' : error.reason, detail: error.message },
          'proxy token refused',
        );
        const key = appSession ? 'auth.bad_app_session' : REFUSAL_MESSAGES[error.reason];
        throw new AppError('unauthorized', { key });
      }
      throw error;
    }
  }
}

/** 401 for an app session token used on another app's routes: it opens its own app and nothing else. */
export function boundElsewhere(): AppError {
  return new AppError('unauthorized', { key: 'auth.app_session_elsewhere' });
}
