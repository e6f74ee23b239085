// The signature an origin checks: lowercase hex HMAC-SHA256 with the app's signing secret over `<appUserId>.<timestamp>`.
import { createHmac } from 'node:crypto';

/**
 * docs/contract.md "Signatures v1 and v2": the key is the secret's UTF-8 text exactly as shown to the
 * developer, the timestamp is Unix seconds. docs/signing.md publishes vectors made by this function.
 *
 * @example signAppUser('mapp_ss_…', '3f1c…', 1700000000) // → '9a0b…' (64 hex characters)
 */
export function signAppUser(secret: string, appUserId: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${appUserId}.${timestamp}`).digest('hex');
}
