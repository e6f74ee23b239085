// What the origin learns about the user: the identity headers of docs/contract.md "Identity headers", each only with its scope.
import { MAX_FULL_NAME, MAX_GROUP } from '@miniapps/contract';
import { cleanText, courseNumberOf, emailOf } from '../../auth/profile-values.js';
import type { User } from '../../auth/users-repository.js';
import type { ScopeName } from '../../db/schema.js';
import type { SigningKeys } from '../../signing/repository.js';
import { signAppUser } from './signing.js';

/** What the user's granted scopes let an app know of them beyond the pseudonymous id, as plain text. */
export interface ScopedProfile {
  email?: string;
  name?: string;
  course?: string;
  group?: string;
}

/**
 * The profile values each granted scope allows (`scopes`: granted ∩ declared). Stored values pass the same rules
 * as at intake (profile-values.ts), since rows older than the rules exist: a value that fails them is left out.
 */
export function scopedProfile(scopes: readonly ScopeName[], user: User): ScopedProfile {
  const profile: ScopedProfile = {};
  const email = scopes.includes('email') ? emailOf(user.email) : undefined;
  if (email) profile.email = email;
  if (scopes.includes('profile')) {
    const name = cleanText(user.fullName, MAX_FULL_NAME);
    if (name) profile.name = name;
    const course = courseNumberOf(user.course);
    if (course) profile.course = course;
  }
  const group = scopes.includes('group') ? cleanText(user.group, MAX_GROUP) : undefined;
  if (group) profile.group = group;
  return profile;
}

/** The X-Platform-* headers that stay the same for every request of one user to one app configuration. */
export function profileHeaders(
  appUserId: string,
  /** granted ∩ declared. */
  scopes: readonly ScopeName[],
  user: User,
): Record<string, string> {
  const headers: Record<string, string> = {
    'x-platform-app-user': appUserId,
    'x-platform-scopes': scopes.join(','),
  };
  // A value that cannot be a header value is left out by scopedProfile, never allowed to fail the request (a
  // course "3 курс" once made undici refuse every call of that user: 502 origin_unreachable).
  if (scopes.includes('identity')) headers['x-platform-user'] = user.id;
  const profile = scopedProfile(scopes, user);
  if (profile.email) headers['x-platform-email'] = profile.email;
  // Names may hold any script; base64 of UTF-8 keeps the header ASCII (docs/contract.md "Identity headers").
  if (profile.name) headers['x-platform-name'] = Buffer.from(profile.name, 'utf8').toString('base64');
  if (profile.course) headers['x-platform-course'] = profile.course;
  if (profile.group) headers['x-platform-group'] = Buffer.from(profile.group, 'utf8').toString('base64');
  return headers;
}

/** The signature headers at one Unix second; none when the app has no signing secret. */
export function signatureHeaders(
  signing: SigningKeys | undefined,
  appUserId: string,
  timestamp: number,
): Record<string, string> {
  if (!signing) return {};
  const headers: Record<string, string> = {
    'x-platform-timestamp': String(timestamp),
    'x-platform-signature': signAppUser(signing.current, appUserId, timestamp),
  };
  if (signing.previous) {
    headers['x-platform-signature-prev'] = signAppUser(signing.previous, appUserId, timestamp);
  }
  return headers;
}
