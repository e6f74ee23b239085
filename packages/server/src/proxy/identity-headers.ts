// What the origin learns about the user: the identity headers of CONTRACT.md "Authentication", each only with its scope.
import type { User } from '../auth/users-repository.js';
import type { ScopeName } from '../db/schema.js';
import type { SigningKeys } from '../signing/repository.js';
import { signAppUser } from './signing.js';

export interface IdentityInput {
  appUserId: string;
  /** granted ∩ declared. */
  scopes: readonly ScopeName[];
  user: User;
  signing: SigningKeys | undefined;
  /** Unix seconds. */
  timestamp: number;
}

/** The X-Platform-* headers for one request; nothing the user did not allow, nothing else. */
export function identityHeaders(input: IdentityInput): Record<string, string> {
  const { appUserId, scopes, user, signing } = input;
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
  if (signing) {
    const timestamp = String(input.timestamp);
    headers['x-platform-timestamp'] = timestamp;
    headers['x-platform-signature'] = signAppUser(signing.current, appUserId, input.timestamp);
    if (signing.previous) {
      headers['x-platform-signature-prev'] = signAppUser(signing.previous, appUserId, input.timestamp);
    }
  }
  return headers;
}
