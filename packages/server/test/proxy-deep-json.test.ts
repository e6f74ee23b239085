// JSON nested 10,000 deep through the proxy: answers and bodies are checked without recursion, never a 500.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const DEEP = 10_000;
const deepScreen = `${'{"type":"column","children":['.repeat(DEEP)}{"type":"divider"}${']}'.repeat(DEEP)}`;
const deepData = `${'{"a":['.repeat(DEEP)}1${']}'.repeat(DEEP)}`;

describe('deep JSON through the proxy', () => {
  let t: TestPlatform;
  let origin: Server;
  let user: SignedIn;

  beforeAll(async () => {
    const certs = testCertificates();
    // An origin whose screen is 10,000 widgets deep and whose API answers the request body as sent.
    origin = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(req.method === 'GET' ? deepScreen : Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const port = (origin.address() as AddressInfo).port;
    t = await startTestPlatform('sqlite', originEnv(certs.caFile));
    const dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    await remoteApp(t, dev, { org: 'acme', slug: 'deep', origin: `https://origin.test:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => origin.close(resolve));
  });

  it("passes an origin's 10,000-deep screen on as sent (the proxy checks JSON without building it)", async () => {
    const res = await t.request({ method: 'GET', url: `${PROXY}/acme/deep/screen/`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(deepScreen);
  });

  it('passes a 10,000-deep API body to a remote origin and its answer back', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${PROXY}/acme/deep/api/echo`,
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: deepData,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(deepData);
  });

  it('a 10,000-deep body to a service app is answered without a 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${PROXY}/platform/profile-card/api/profile`,
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: deepData,
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().ok === false || res.statusCode === 200).toBe(true);
  });
});
