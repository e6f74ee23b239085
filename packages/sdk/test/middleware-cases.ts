// The same real requests against each framework's middleware: a signed one passes, unsigned ones get 401 JSON.
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { signedHeaders } from './helpers.js';

export const secret = 'mapp_ss_middleware-test-secret-0123456789abcdef';

/** Every app under test answers GET /whoami with `{appUserId, name, group, scopes}` from the identity. */
export function middlewareCases(base: () => string): void {
  const now = () => Math.floor(Date.now() / 1000);

  it('passes a signed request with the decoded identity to the handler', async () => {
    const res = await fetch(`${base()}/whoami`, { headers: signedHeaders(secret, now()) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      appUserId: 'au_0123456789abcdef',
      name: 'Ада Лавлейс',
      group: 'ПМ-21',
      scopes: ['identity', 'email', 'profile', 'group'],
    });
  });

  it('answers 401 JSON with the reason for an unsigned, forged or stale request, and never runs the handler', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'missing_app_user'],
      [signedHeaders('not the secret', now()), 'bad_signature'],
      [signedHeaders(secret, now() - 301), 'stale_timestamp'],
      [signedHeaders(secret, now() + 301), 'future_timestamp'],
    ];
    for (const [headers, reason] of cases) {
      const res = await fetch(`${base()}/whoami`, { headers });
      expect(res.status, reason).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ ok: false, error: reason, message: expect.any(String) });
    }
  });
}

export function baseUrlOf(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}
