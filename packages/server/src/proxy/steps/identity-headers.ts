// What the origin learns about the user: the identity headers of docs/contract.md "Identity headers", each only with its scope.
import { MAX_FULL_NAME, MAX_GROUP } from '@miniapps/contract';
import { cleanText, courseNumberOf, emailOf } from '../../auth/profile-values.js';
import type { User } from '../../auth/users-repository.js';
import type { ScopeName } from '../../db/schema.js';
import type { SigningKeys } from '../../signing/repository.js';
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
  // Stored values pass the same rules as at intake (profile-values.ts), since rows older than the rules
  // exist: a value that cannot be a header value is left out, never allowed to fail the request (a
  // course "3 курс" once made undici refuse every call of that user: 502 origin_unreachable).
  if (scopes.includes('identity')) headers['x-platform-user'] = user.id;
  const email = scopes.includes('email') ? emailOf(user.email) : undefined;
  if (email) headers['x-platform-email'] = email;
  if (scopes.includes('profile')) {
    // Names may hold any script; base64 of UTF-8 keeps the header ASCII (docs/contract.md "Identity headers").
    const name = cleanText(user.fullName, MAX_FULL_NAME);
    if (name) headers['x-platform-name'] = Buffer.from(name, 'utf8').toString('base64');
    const course = courseNumberOf(user.course);
    if (course) headers['x-platform-course'] = course;
  }
  const group = scopes.includes('group') ? cleanText(user.group, MAX_GROUP) : undefined;
  if (group) headers['x-platform-group'] = Buffer.from(group, 'utf8').toString('base64');
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
