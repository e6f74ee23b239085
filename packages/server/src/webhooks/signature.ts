// Standard Webhooks signing: the whsec_ secret and the v1 signature over "<id>.<timestamp>.<body>".
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
/** The specification asks for 24 to 64 random bytes; 32 matches the HMAC-SHA256 block of security. */
const SECRET_BYTES = 32;

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes (the form receivers' libraries expect). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key: the base64-decoded part after `whsec_`. */
function secretKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/** The `webhook-signature` value: `v1,<base64 HMAC-SHA256>` of the exact bytes sent. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}
