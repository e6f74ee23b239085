// Purpose-bound keys derived from the one platform key, so no two uses ever share key material.
import { hkdfSync } from 'node:crypto';

export type KeyPurpose =
  | 'signing-secrets'
  | 'app-user-id'
  | 'webhook-secrets'
  | 'app-sessions'
  | 'entity-tags';

/** HKDF-SHA256 of the platform key with the purpose as info: 32 bytes, stable across restarts. */
export function deriveKey(platformKey: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', platformKey, Buffer.alloc(0), `miniapps:${purpose}:v1`, 32));
}
