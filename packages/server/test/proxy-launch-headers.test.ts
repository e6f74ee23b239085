// Launch context to a remote origin: checked start parameter, launch source and locale
// reach a real https origin as X-Platform-* headers; bad values are 400 and never reach it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

describe('launch context headers', () => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let user: SignedIn;

  beforeAll(async () => {
    const certs = testCertificates();
    origin = await startHttpsOrigin();
    t = await startTestPlatform('sqlite', originEnv(certs.caFile));
    const dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    await remoteApp(t, dev, { org: 'acme', slug: 'notes', origin: `https://origin.test:${origin.port}` });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const get = (headers: Record<string, string>) =>
    t.request({ method: 'GET', url: `${PROXY}/acme/notes/api/items`, headers: { ...user.auth, ...headers } });
  const received = () => origin.requests.at(-1)!.headers;

  it('passes the start parameter, the launch source and the first language tag', async () => {
    const res = await get({
      'x-miniapps-start-param': `ev_${'x'.repeat(61)}`,
      'x-miniapps-launch-source': 'push',
      'accept-language': 'ru-RU;q=1, en;q=0.8',
    });
    expect(res.statusCode).toBe(200);
    expect(received()['x-platform-start-param']).toBe(`ev_${'x'.repeat(61)}`);
    expect(received()['x-platform-launch-source']).toBe('push');
    expect(received()['x-platform-locale']).toBe('ru-RU');
  });

  it('sends none of them when the client sent none', async () => {
    expect((await get({})).statusCode).toBe(200);
    const headers = received();
    for (const name of ['x-platform-start-param', 'x-platform-launch-source', 'x-platform-locale']) {
      expect(headers[name]).toBeUndefined();
    }
  });

  it('leaves out a locale that is not a plain language tag', async () => {
    for (const language of ['*', 'x', 'en_US', 'de-DE-<b>']) {
      expect((await get({ 'accept-language': language })).statusCode).toBe(200);
      expect(received()['x-platform-locale']).toBeUndefined();
    }
  });

  it('refuses a bad start parameter or launch source with 400 bad_request, before the origin', async () => {
    const before = origin.requests.length;
    for (const headers of [
      { 'x-miniapps-start-param': 'x'.repeat(65) },
      { 'x-miniapps-start-param': 'a b' },
      { 'x-miniapps-start-param': '' },
      { 'x-miniapps-launch-source': 'email' },
    ]) {
      const res = await get(headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'bad_request' });
    }
    expect(origin.requests.length).toBe(before);
  });
});
