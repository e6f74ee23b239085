// Signing secrets: the signature function against shared vectors and openssl, the management API, and what origins receive.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { verifyRequest } from '@miniapps/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { signAppUser } from '../src/proxy/steps/signing.js';
import { deriveKey } from '../src/signing/keys.js';
import { openSecret } from '../src/signing/secret-box.js';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const root = resolve(import.meta.dirname, '../../..');
const HOUR = 3600 * 1000;

describe('signAppUser', () => {
  const shared = JSON.parse(
    readFileSync(resolve(root, 'packages/sdk/test-vectors/signature.json'), 'utf8'),
  ) as {
    vectors: Array<{ name: string; secret: string; appUserId: string; timestamp: string; signature: string }>;
  };

  it.each(shared.vectors.map((v) => [v.name, v]))('matches the shared vector: %s', (_name, v) => {
    expect(signAppUser(v.secret, v.appUserId, Number(v.timestamp))).toBe(v.signature);
  });

  it('agrees with openssl on fresh random input', () => {
    const secret = `mapp_ss_${Math.random().toString(16).slice(2)}`;
    const appUser = Math.random().toString(16).slice(2);
    const timestamp = Math.floor(Date.now() / 1000);
    const openssl = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], {
      input: `${appUser}.${timestamp}`,
    })
      .toString()
      .trim()
      .split(' ')
      .at(-1);
    expect(signAppUser(secret, appUser, timestamp)).toBe(openssl);
  });

  it('every vector published in docs/signing.md is what the function computes', () => {
    const doc = readFileSync(resolve(root, 'docs/signing.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([^`]*)` \| `([^`]*)` \| `(\d+)` \| `([0-9a-f]{64})` \|$/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const [, secret, appUser, timestamp, signature] of rows) {
      expect(signAppUser(secret!, appUser!, Number(timestamp))).toBe(signature);
    }
  });
});

describe.each(dialects)('signing secrets on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let clock: ManualClock;
  let dev: SignedIn;
  let user: SignedIn;
  let stranger: SignedIn;
  let appId: string;
  const api = '/api/v1/orgs/acme/apps/signed/signing-secret';

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
    clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
    t.platform.clock = clock;
    dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    stranger = await t.login('stranger@uni.example');
    appId = await remoteApp(t, dev, {
      org: 'acme',
      slug: 'signed',
      origin: `https://origin.test:${origin.port}`,
    });
    await hostedApp(t, dev, { org: 'acme', slug: 'static' });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const manage = (method: 'GET' | 'POST' | 'DELETE', who: SignedIn = dev, url = api) =>
    t.request({ method, url, headers: who.auth });
  const proxied = async () => {
    const res = await t.request({ method: 'GET', url: `${PROXY}/acme/signed/screen/`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    return origin.requests.at(-1)!.headers as Record<string, string>;
  };

  it('without a secret, requests carry no signature headers', async () => {
    const headers = await proxied();
    expect(headers['x-platform-timestamp']).toBeUndefined();
    expect(headers['x-platform-signature']).toBeUndefined();
    expect((await manage('GET')).json()).toMatchObject({ ok: true, enabled: false });
  });

  let first: string;

  it('generating shows the secret once; it is stored only encrypted under the platform key', async () => {
    const res = await manage('POST');
    expect(res.statusCode).toBe(200);
    first = res.json().secret;
    expect(first).toMatch(/^mapp_ss_[0-9a-f]{64}$/);
    expect(res.json().previousValidUntil).toBeUndefined();
    const row = await t.platform.db
      .selectFrom('signingSecrets')
      .selectAll()
      .where('appId', '=', appId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(first.slice(8));
    expect(openSecret(deriveKey(t.config.keys.platformKey, 'signing-secrets'), appId, row.secretEnc)).toBe(
      first,
    );
    // Bound to its app: the same ciphertext does not open for another app id.
    expect(() =>
      openSecret(deriveKey(t.config.keys.platformKey, 'signing-secrets'), 'other', row.secretEnc),
    ).toThrow();
    const state = (await manage('GET')).json();
    expect(state).toMatchObject({ ok: true, enabled: true, previousValidUntil: null });
    expect(JSON.stringify(state)).not.toContain(first);
  });

  it('requests are signed: timestamp in seconds, signature over <appUserId>.<timestamp>, the SDK accepts them', async () => {
    const headers = await proxied();
    expect(headers['x-platform-timestamp']).toBe(String(clock.now() / 1000));
    expect(headers['x-platform-signature']).toBe(
      signAppUser(first, headers['x-platform-app-user']!, Number(headers['x-platform-timestamp'])),
    );
    expect(headers['x-platform-signature-prev']).toBeUndefined();
    const verified = verifyRequest(headers, { secret: first, now: clock.now() });
    expect(verified).toMatchObject({ ok: true, secret: 'current' });
    expect(verifyRequest(headers, { secret: 'mapp_ss_wrong', now: clock.now() }).ok).toBe(false);
  });

  let second: string;

  it('rotating: a new secret signs, the previous one signs X-Platform-Signature-Prev for 24 hours', async () => {
    const res = await manage('POST');
    second = res.json().secret;
    expect(second).not.toBe(first);
    expect(res.json().previousValidUntil).toBe(new Date(clock.now() + 24 * HOUR).toISOString());
    clock.advance(24 * HOUR - 1000);
    const headers = await proxied();
    const ts = Number(headers['x-platform-timestamp']);
    expect(headers['x-platform-signature']).toBe(signAppUser(second, headers['x-platform-app-user']!, ts));
    expect(headers['x-platform-signature-prev']).toBe(
      signAppUser(first, headers['x-platform-app-user']!, ts),
    );
    // An origin that still holds only the old secret keeps working during the window.
    expect(verifyRequest(headers, { secret: first, now: clock.now() })).toMatchObject({ ok: true });
  });

  it('24 hours after the rotation the previous secret stops signing', async () => {
    clock.advance(1000);
    const headers = await proxied();
    expect(headers['x-platform-signature']).toBeDefined();
    expect(headers['x-platform-signature-prev']).toBeUndefined();
    expect(verifyRequest(headers, { secret: first, now: clock.now() }).ok).toBe(false);
    expect((await manage('GET')).json().previousValidUntil).toBeNull();
  });

  it('a second rotation within the window keeps only the last two secrets', async () => {
    const third = (await manage('POST')).json().secret;
    const fourth = (await manage('POST')).json().secret;
    const headers = await proxied();
    const ts = Number(headers['x-platform-timestamp']);
    expect(headers['x-platform-signature']).toBe(signAppUser(fourth, headers['x-platform-app-user']!, ts));
    expect(headers['x-platform-signature-prev']).toBe(
      signAppUser(third, headers['x-platform-app-user']!, ts),
    );
  });

  it('disabling removes the signature headers at once', async () => {
    const res = await manage('DELETE');
    expect(res.json()).toEqual({ ok: true, disabled: true });
    const headers = await proxied();
    expect(headers['x-platform-signature']).toBeUndefined();
    expect(headers['x-platform-signature-prev']).toBeUndefined();
    expect(headers['x-platform-timestamp']).toBeUndefined();
    expect((await manage('DELETE')).json()).toEqual({ ok: true, disabled: false });
  });

  it('only members manage secrets; a hosted app has none; no token is 401', async () => {
    expect((await manage('POST', stranger)).json().error).toBe('org_not_found');
    const hosted = await manage('POST', dev, '/api/v1/orgs/acme/apps/static/signing-secret');
    expect(hosted.statusCode).toBe(422);
    expect(hosted.json().error).toBe('validation_failed');
    expect((await manage('POST', dev, '/api/v1/orgs/acme/apps/nope/signing-secret')).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: api })).statusCode).toBe(401);
  });
});
