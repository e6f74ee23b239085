// What the origin learns about the user: the identity headers of CONTRACT.md "Authentication", each only with its scope.
import type { User } from '../auth/users-repository.js';
import type { ScopeName } from '../db/schema.js';
import type { SigningKeys } from '../signing/repository.js';
import { signAppUser } from './signing.js';

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
  if (scopes.includes('identity')) headers['x-platform-user'] = user.id;
  if (scopes.includes('email')) headers['x-platform-email'] = user.email;
  if (scopes.includes('profile')) {
    // Names may hold any script; base64 of UTF-8 keeps the header ASCII (CONTRACT.md).
    if (user.fullName) headers['x-platform-name'] = Buffer.from(user.fullName, 'utf8').toString('base64');
    if (user.course) headers['x-platform-course'] = user.course;
  }
  if (scopes.includes('group') && user.group) {
    headers['x-platform-group'] = Buffer.from(user.group, 'utf8').toString('base64');
  }
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
