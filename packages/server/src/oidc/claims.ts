// The identity provider's claims as a platform profile, by the mapping in OIDC_CLAIM_* and OIDC_ROLES_CLAIM.
import { type IntakeLog, type Profile, takeProfile } from '../auth/profile-intake.js';
import { MODERATOR } from '../auth/users-repository.js';
import type { OidcConfig } from '../config/oidc.js';

/** The value at a dotted path (`realm_access.roles`), or undefined. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let value: unknown = claims;
  for (const name of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

/** Roles as a list: an array of strings, or one string (ADFS sends a single role as a string). */
function rolesAt(claims: Record<string, unknown>, path: string): string[] {
  const value = claimAt(claims, path);
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
}

export type ClaimsProfile =
  | { ok: true; profile: Profile }
  | { ok: false; problem: 'no_email' | 'email_unverified' };

/**
 * The profile the claims describe: the e-mail names the account, so without one there is none. The moderator
 * role is the IdP's to give and take away: it is stored exactly as the roles claim says, at every sign-in and refresh
 * (without OIDC_ROLES_CLAIM the platform's own roles stay).
 */
export function profileOfClaims(
  claims: Record<string, unknown>,
  config: OidcConfig,
  userKey: string,
  log: IntakeLog,
): ClaimsProfile {
  const number = (value: unknown) => (typeof value === 'number' ? String(value) : value);
  const intake = takeProfile(
    {
      email: claimAt(claims, config.claims.email),
      fullName: claimAt(claims, config.claims.name),
      course: number(claimAt(claims, config.claims.course)),
      group: claimAt(claims, config.claims.group),
    },
    userKey,
    log,
  );
  if (!intake.ok) return { ok: false, problem: 'no_email' };
  // An address the IdP says it has not verified could be anyone's (self-registration): it names no account here.
  if (claims.email_verified === false) return { ok: false, problem: 'email_unverified' };
  const roles = config.claims.roles
    ? rolesAt(claims, config.claims.roles).includes(config.moderatorRole)
      ? [MODERATOR]
      : []
    : undefined;
  return { ok: true, profile: { ...intake.profile, roles } };
}
