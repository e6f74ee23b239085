// The platform's request signature: lowercase hex HMAC-SHA256 over `<appUserId>.<timestamp>`, and its comparison.
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature the platform puts in `X-Platform-Signature`: HMAC-SHA256 keyed with the signing secret
 * (its UTF-8 bytes, exactly as shown once in the client application) over `<appUserId>.<timestamp>`.
 *
 * Useful in an origin's own tests, to forge requests the way the proxy signs them:
 * @example
 * const ts = String(Math.floor(Date.now() / 1000));
 * headers['x-platform-signature'] = signAppUser(secret, 'au_123', ts);
 */
export function signAppUser(secret: string, appUserId: string, timestamp: string | number): string {
  return createHmac('sha256', secret).update(`${appUserId}.${timestamp}`).digest('hex');
}

/**
 * Compares two hex strings as the contract's reference does: lengths first, then in constant time, so the
 * time taken tells an attacker nothing about how many leading characters were right.
 */
export function signaturesEqual(expected: string, provided: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(provided, 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}
