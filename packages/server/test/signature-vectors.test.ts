// The server signs exactly as the SDK verifies: signAppUser against the shared vectors of packages/sdk.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signAppUser } from '../src/proxy/steps/signing.js';

interface SignatureVector {
  name: string;
  secret: string;
  appUserId: string;
  timestamp: string;
  signature: string;
}

const { vectors } = JSON.parse(
  readFileSync(new URL('../../sdk/test-vectors/signature.json', import.meta.url), 'utf8'),
) as { vectors: SignatureVector[] };

describe('signAppUser and the shared signature vectors', () => {
  it('has vectors to check', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(5);
  });

  it.each(vectors)('$name', (v) => {
    expect(signAppUser(v.secret, v.appUserId, Number(v.timestamp))).toBe(v.signature);
  });
});
