// The same real requests against each framework's middleware: a signed one passes, unsigned ones get 401 JSON.
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { platformHeaderLines, signatureV2Text, signV2 } from '../src/index.js';
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
      // The request reaches the middleware on a clock that may have ticked since `now()`: one second past the
      // 300 s bound failed once in a full CI run when it had. The exact edge (300 passes, 301 not) is in verify.test.ts,
      // on a fixed clock.
      [signedHeaders(secret, now() + 310), 'future_timestamp'],
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

/** Signature v2 headers for a request, as the proxy makes them (docs/signing.md). */
export function signedV2Headers(method: string, target: string, body: string): Record<string, string> {
  const headers = signedHeaders(secret, Math.floor(Date.now() / 1000));
  const timestamp = headers['x-platform-timestamp']!;
  const text = signatureV2Text(timestamp, { method, target, body }, platformHeaderLines(headers));
  return { ...headers, 'x-platform-signature-v2': `t=${timestamp},v2=${signV2(secret, text)}` };
}

/** For middlewares that check v2: POST /echo answers `{verified, body}`; a changed body or target is 401. */
export function middlewareV2Cases(base: () => string): void {
  middlewareV2GetCases(base);
  const body = '{"item":"Чай","qty":2}';
  const target = '/echo?q=%D1%87%D0%B0%D0%B9';

  it('checks v2 over the raw body and target; the handler still reads the body; verified is the whole identity', async () => {
    const headers = { ...signedV2Headers('POST', target, body), 'content-type': 'application/json' };
    const res = await fetch(`${base()}${target}`, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      body: { item: 'Чай', qty: 2 },
      verified: { email: 'ada@uni.example' },
    });
    const changed = await fetch(`${base()}${target}`, {
      method: 'POST',
      headers,
      body: body.replace('2', '20'),
    });
    expect(changed.status).toBe(401);
    expect(await changed.json()).toMatchObject({ error: 'bad_signature' });
    const moved = await fetch(`${base()}/echo`, { method: 'POST', headers, body });
    expect(moved.status).toBe(401);
  });

  it('with v1 only, verified holds the app-user id alone', async () => {
    const headers = {
      ...signedHeaders(secret, Math.floor(Date.now() / 1000)),
      'content-type': 'application/json',
    };
    const res = await fetch(`${base()}${target}`, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { verified: unknown }).verified).toEqual({
      appUserId: 'au_0123456789abcdef',
      scopes: [],
    });
  });
}

/** Every middleware checks v2 on a request without a body: GET /whoami. */
export function middlewareV2GetCases(base: () => string): void {
  it('a GET with v2 (no body) passes; the same headers on another path do not', async () => {
    const headers = signedV2Headers('GET', '/whoami', '');
    expect((await fetch(`${base()}/whoami`, { headers })).status).toBe(200);
    expect((await fetch(`${base()}/whoami?x=1`, { headers })).status).toBe(401);
  });
}

/**
 * node:http and Express leave a request with a body to v1 (reading it would take it from the handler):
 * POST /echo answers `{verified, body}`.
 */
export function middlewareBodyKeepsV1Cases(base: () => string): void {
  it('checks a request with a body by v1 alone, v2 sent or not; the handler still reads the body', async () => {
    const body = '{"item":"Чай","qty":2}';
    const headers = { ...signedV2Headers('POST', '/echo', body), 'content-type': 'application/json' };
    const res = await fetch(`${base()}/echo`, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      body: { item: 'Чай', qty: 2 },
      verified: { appUserId: 'au_0123456789abcdef', scopes: [] },
    });
  });
}
