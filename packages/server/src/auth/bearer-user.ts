// The user a verified bearer token names: by its (iss, sub) when the platform has mapped it, else a UUID `sub` as the id.
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { userIdOfIdentity, userOfIdentity } from './identities-repository.js';
import { type IntakeLog, takeProfile } from './profile-intake.js';
import { InvalidUserToken, type UserClaims, type UserTokens, UUID } from './user-tokens.js';
import { findUserById, type User, userFromClaims, withTokenRoles } from './users-repository.js';

/**
 * A token from an IdP that signs people in here too (OIDC_ISSUER) names the same user its session does; a
 * `sub` that is not a UUID (ADFS, Entra, Google) gets a platform user of its own at its first visit, made from
 * the e-mail claim like any other. A UUID `sub` with no mapping stays the user's id, as it always was.
 */
export async function userOfBearerClaims(
  db: Db,
  claims: UserClaims,
  log: IntakeLog,
): Promise<User | undefined> {
  if (claims.iss !== undefined) {
    const id = await userIdOfIdentity(db, claims.iss, claims.sub);
    const mapped = id === undefined ? undefined : await findUserById(db, id);
    if (mapped) return withTokenRoles(mapped, claims);
  }
  if (UUID.test(claims.sub)) return userFromClaims(db, claims, log);
  if (claims.iss === undefined || !claims.email) return undefined;
  const input = { email: claims.email, fullName: claims.name, course: claims.course, group: claims.group };
  const intake = takeProfile(input, claims.sub, log);
  if (!intake.ok) throw new AppError('unauthorized', { key: 'auth.bad_email_claim' });
  const signedIn = await userOfIdentity(db, claims.iss, claims.sub, intake.profile);
  if (!signedIn.ok) throw new AppError('unauthorized', { key: 'auth.email_taken' });
  return withTokenRoles(signedIn.user, claims);
}

/**
 * User tokens whose `sub` is the platform's user id, for the proxy, which loads the user by id with the app in one
 * query. A token of the sign-in provider (`iss` = OIDC_ISSUER) or with a `sub` that is not a UUID is mapped once
 * through `(iss, sub)` as on the API (a first visit creates the user); every other token is passed on as it is, so
 * the dev login's and hosts' UUID tokens cost no query. The proxy remembers a verified token for a minute.
 */
export function withPlatformSubjects(
  tokens: UserTokens,
  db: Db,
  log: IntakeLog,
  signInIssuer: string | undefined,
): UserTokens {
  return {
    ...tokens,
    async verify(token) {
      const claims = await tokens.verify(token);
      if (UUID.test(claims.sub) && (claims.iss === undefined || claims.iss !== signInIssuer)) return claims;
      const user = await userOfBearerClaims(db, claims, log).catch((error: unknown) => {
        throw new InvalidUserToken(error instanceof Error ? error.message : String(error));
      });
      if (!user) throw new InvalidUserToken('the token names no user of this platform (no e-mail claim)');
      return { ...claims, sub: user.id };
    },
  };
}
