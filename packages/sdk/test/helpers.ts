// Shared by the SDK's tests: the signature vectors and a way to sign headers the way the proxy does.
import { readFileSync } from 'node:fs';
import { signAppUser } from '../src/signature.js';

export interface SignatureVector {
  name: string;
  secret: string;
  appUserId: string;
  timestamp: string;
  signature: string;
}

export const vectors: SignatureVector[] = JSON.parse(
  readFileSync(new URL('../test-vectors/signature.json', import.meta.url), 'utf8'),
).vectors;

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Headers as the proxy sends them for a user who granted every scope, signed at `timestamp` (Unix seconds). */
export function signedHeaders(
  secret: string,
  timestamp: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  const appUserId = 'au_0123456789abcdef';
  return {
    'x-platform-app-user': appUserId,
    'x-platform-scopes': 'identity,email,profile,group',
    'x-platform-user': '6f1c1c2e-8d1a-4c55-9a55-0f5b9a3e2a10',
    'x-platform-email': 'ada@uni.example',
    'x-platform-name': b64('Ада Лавлейс'),
    'x-platform-course': '2',
    'x-platform-group': b64('ПМ-21'),
    'x-platform-timestamp': String(timestamp),
    'x-platform-signature': signAppUser(secret, appUserId, timestamp),
    ...extra,
  };
}
