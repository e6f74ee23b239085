// Faulty origins: redirects, slow drips, oversized and endless bodies, gzip bombs, HTML, resets, bad certificates.
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const KB = 1024;

describe.each(dialects)('proxy with faulty origins on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let badTls: import('node:https').Server;
  let user: SignedIn;

  beforeAll(async () => {
    const certs = testCertificates();
    origin = await startHttpsOrigin();
    badTls = createTlsServer({ key: certs.badKey, cert: certs.badCert }, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => badTls.listen(0, '127.0.0.1', resolve));
    t = await startTestPlatform(dialect, originEnv(certs.caFile));
    const dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    await remoteApp(t, dev, { org: 'acme', slug: 'faulty', origin: `https://origin.test:${origin.port}` });
    const badPort = (badTls.address() as AddressInfo).port;
    await remoteApp(t, dev, { org: 'acme', slug: 'badcert', origin: `https://badcert.test:${badPort}` });
    // A port nothing listens on: connection refused.
    await remoteApp(t, dev, { org: 'acme', slug: 'closed', origin: 'https://origin.test:1' });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
    await new Promise((resolve) => badTls.close(resolve));
  });

  const get = (path: string, slug = 'faulty') =>
    t.request({ method: 'GET', url: `${PROXY}/acme/${slug}/api${path}`, headers: user.auth });
  const expectError = async (path: string, status: number, error: string, slug?: string) => {
    const res = await get(path, slug);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ ok: false, error });
    return res;
  };

  it('a 3xx answer is 502 origin_redirect, and the redirect is not followed', async () => {
    const before = origin.requests.length;
    await expectError('/redirect', 502, 'origin_redirect');
    expect(origin.requests.length).toBe(before + 1);
  });

  it('an answer of exactly 512 KB passes, with or without a length', async () => {
    for (const route of ['big', 'big-chunked']) {
      const res = await get(`/${route}/${512 * KB}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(512 * KB);
    }
  });

  it('one byte over 512 KB is 502 origin_too_large, with or without a length', async () => {
    await expectError(`/big/${512 * KB + 1}`, 502, 'origin_too_large');
    await expectError(`/big-chunked/${512 * KB + 1}`, 502, 'origin_too_large');
  });

  it('600 KB is 502 origin_too_large, with or without a length', async () => {
    await expectError(`/big/${600 * KB}`, 502, 'origin_too_large');
    await expectError(`/big-chunked/${600 * KB}`, 502, 'origin_too_large');
  });

  it('an endless body is cut at 512 KB: the proxy answers and stops reading', async () => {
    await expectError('/endless', 502, 'origin_too_large');
    // The origin wrote what fits in socket buffers, not an unbounded stream.
    const written = origin.endlessBytes;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(origin.endlessBytes).toBe(written);
    expect(written).toBeLessThan(16 * 1024 * KB);
  });

  it('gzip that inflates past 512 KB is 502 origin_too_large; gzip within it is inflated and passed', async () => {
    await expectError(`/gzip/${512 * KB + 1}`, 502, 'origin_too_large');
    await expectError('/gzip-endless', 502, 'origin_too_large');
    const ok = await get(`/gzip/${100 * KB}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-encoding']).toBeUndefined();
    expect(ok.json().a).toHaveLength(100 * KB - 8);
  });

  it('HTML is 502 origin_invalid_json, whatever its status', async () => {
    const res = await expectError('/html', 502, 'origin_invalid_json');
    expect(res.json().details).toMatchObject({ status: 500, contentType: 'text/html' });
  });

  it('JSON that is not UTF-8 (RFC 8259 asks for it) is 502 origin_invalid_json', async () => {
    const res = await expectError('/latin1', 502, 'origin_invalid_json');
    expect(res.json().details).toMatchObject({
      status: 200,
      contentType: 'application/json; charset=iso-8859-1',
    });
  });

  it('a screen that is JSON but not an object is 502 origin_invalid_json', async () => {
    const res = await t.request({
      method: 'GET',
      url: `${PROXY}/acme/faulty/screen/array`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('origin_invalid_json');
    expect((await get('/array')).json()).toEqual([1, 2, 3]);
  });

  it('a reset connection is 502 origin_unreachable', async () => {
    await expectError('/reset', 502, 'origin_unreachable');
  });

  it('a refused connection is 502 origin_unreachable', async () => {
    await expectError('/', 502, 'origin_unreachable', 'closed');
  });

  it('a certificate no trusted CA signed is 502 origin_unreachable', async () => {
    const res = await expectError('/', 502, 'origin_unreachable', 'badcert');
    expect(res.json().details.reason).toMatch(/CERT|SELF_SIGNED|UNABLE/i);
  });

  it('the server keeps serving after every fault', async () => {
    const res = await get('/still-alive');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBe('/still-alive');
  });

  it('the 10-second deadline: 9 bytes dripped over 8 s pass; 12 bytes over 11 s and silence are 504 origin_timeout', async () => {
    const started = Date.now();
    const [slowButOk, tooSlow, silent] = await Promise.all([get('/drip/9'), get('/drip/12'), get('/hang')]);
    expect(slowButOk.statusCode, slowButOk.body).toBe(200);
    for (const res of [tooSlow, silent]) {
      expect(res.statusCode).toBe(504);
      expect(res.json().error).toBe('origin_timeout');
    }
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(10_000);
    expect(elapsed).toBeLessThan(12_000);
  }, 20_000);
});
