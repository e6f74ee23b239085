// Signature v2: the shared vectors, and an origin that recomputes it from what it received, before and during a rotation.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerList } from '../src/egress/header-list.js';
import { ManualClock } from '../src/infra/clock.js';
import {
  signatureV2Value,
  v2HeaderLines,
  v2Lines,
  v2LinesWith,
  v2Text,
} from '../src/proxy/steps/signature-v2.js';
import { dialects } from './helpers/databases.js';
import {
  type HttpsOrigin,
  type RecordedRequest,
  startHttpsOrigin,
  testCertificates,
} from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { grant, originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const root = resolve(import.meta.dirname, '../../..');

interface Vector {
  name: string;
  secret: string;
  previousSecret?: string;
  timestamp: string;
  method: string;
  target: string;
  body: string;
  headers: Record<string, string>;
  text: string;
  signatureV2: string;
}

const vectors = (
  JSON.parse(readFileSync(resolve(root, 'packages/sdk/test-vectors/signature-v2.json'), 'utf8')) as {
    vectors: Vector[];
  }
).vectors;

describe('signature v2 against the shared vectors', () => {
  it.each(vectors.map((v) => [v.name, v]))('%s', (_name, v) => {
    // The proxy's list also holds its own headers and the v1 signature ones: v2 leaves them out.
    const sent = headerList({
      accept: 'application/json',
      ...v.headers,
      'x-platform-timestamp': v.timestamp,
      'x-platform-signature': 'ignored',
      'x-platform-signature-prev': 'ignored',
    });
    const body = v.body === '' ? undefined : Buffer.from(v.body, 'utf8');
    const text = v2Text(Number(v.timestamp), v.method, v.target, body, v2HeaderLines(sent));
    expect(text).toBe(v.text);
    const keys = { current: v.secret, previous: v.previousSecret };
    expect(signatureV2Value(keys, Number(v.timestamp), text)).toBe(v.signatureV2);
  });

  it("a request's own headers merge into a context's lines as if all were sorted together", () => {
    const context = headerList({
      'x-platform-proxy': '1',
      'x-platform-app-user': 'au',
      'x-platform-a': 'short',
      'x-platform-scopes': 'identity',
      'x-platform-user': 'u',
      'x-platform-signature': 'ignored',
    });
    const base = v2Lines(context);
    expect(base.text).toBe(v2HeaderLines(context));
    expect(v2LinesWith(base, [])).toBe(base.text);
    expect(v2LinesWith(base, ['accept-language', 'en'])).toBe(base.text);
    // Before, between and after the context's names, and `x-platform-a-b` after `x-platform-a`.
    const request = headerList({
      'x-platform-zz': 'last',
      'X-Platform-Locale': 'en-US',
      'x-platform-a-b': 'longer',
      'x-platform-aa': 'first',
      'x-platform-start-param': 'p1',
    });
    const merged = v2LinesWith(base, request);
    expect(merged).toBe(v2HeaderLines(context.concat(request)));
    expect(merged.split('\n').map((line) => line.split(':')[0])).toEqual([
      'x-platform-a',
      'x-platform-a-b',
      'x-platform-aa',
      'x-platform-app-user',
      'x-platform-locale',
      'x-platform-proxy',
      'x-platform-scopes',
      'x-platform-start-param',
      'x-platform-user',
      'x-platform-zz',
    ]);
  });
});

/** What an origin does with no platform code: rebuilds the text from the request it received. */
function recompute(received: RecordedRequest, secret: string): string {
  const headers = received.headers as Record<string, string>;
  const lines = Object.keys(headers)
    .filter((name) => name.startsWith('x-platform-'))
    .filter((name) => name !== 'x-platform-timestamp' && !name.startsWith('x-platform-signature'))
    .sort()
    .map((name) => `${name}:${headers[name]}`);
  const text = [
    'miniapps-v2',
    headers['x-platform-timestamp'],
    received.method,
    received.url,
    createHash('sha256').update(received.body, 'utf8').digest('hex'),
    ...lines,
  ].join('\n');
  return createHmac('sha256', secret).update(text).digest('hex');
}

describe.each(dialects)('signature v2 through the proxy on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let clock: ManualClock;
  let dev: SignedIn;
  let user: SignedIn;
  const api = '/api/v1/orgs/acme/apps/signed2/signing-secret';

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
    clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
    t.platform.clock = clock;
    dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    const scopes = ['identity', 'email', 'profile', 'group'] as const;
    await remoteApp(t, dev, {
      org: 'acme',
      slug: 'signed2',
      origin: `https://origin.test:${origin.port}`,
      scopes: [...scopes],
    });
    await grant(t, user, 'acme', 'signed2', [...scopes]);
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const post = async () => {
    const res = await t.request({
      method: 'POST',
      url: `${PROXY}/acme/signed2/api/orders?q=%D1%87%D0%B0%D0%B9&tag=a%2Bb`,
      headers: {
        ...user.auth,
        'content-type': 'application/json',
        'accept-language': 'ru-RU,ru;q=0.9',
        'x-miniapps-start-param': 'promo_7',
      },
      payload: '{"item":"Чай","qty":2}',
    });
    expect(res.statusCode).toBe(200);
    return origin.requests.at(-1)!;
  };

  it('no signing secret: no v2 header either', async () => {
    const received = await post();
    expect(received.headers['x-platform-signature-v2']).toBeUndefined();
  });

  it('the origin recomputes v2 from the method, target, body and headers it received, before and during a rotation', async () => {
    const first = (await t.request({ method: 'POST', url: api, headers: dev.auth })).json().secret as string;
    let received = await post();
    const ts = received.headers['x-platform-timestamp'];
    expect(received.url).toBe('/orders?q=%D1%87%D0%B0%D0%B9&tag=a%2Bb');
    expect(received.headers['x-platform-email']).toBeDefined();
    expect(received.headers['x-platform-start-param']).toBe('promo_7');
    expect(received.headers['x-platform-signature-v2']).toBe(`t=${ts},v2=${recompute(received, first)}`);

    const second = (await t.request({ method: 'POST', url: api, headers: dev.auth })).json().secret as string;
    clock.advance(1000);
    received = await post();
    const during = received.headers['x-platform-timestamp'];
    expect(received.headers['x-platform-signature-v2']).toBe(
      `t=${during},v2=${recompute(received, second)},v2=${recompute(received, first)}`,
    );
    // Another body, target or identity under the same header does not verify.
    const tampered = { ...received, body: '{"item":"Чай","qty":20}' };
    expect(received.headers['x-platform-signature-v2']).not.toContain(recompute(tampered, second));
  });
});
