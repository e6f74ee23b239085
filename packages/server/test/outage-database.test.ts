// PostgreSQL stopped under a running platform (a relay between them is cut): 503 unavailable with Retry-After,
// never 500; nothing charged; cached proxy calls keep working; everything recovers by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';
import { countRows, deployToken, grant, publishedApp, waitFor } from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';
import { startTcpGate, type TcpGate } from './helpers/tcp-gate.js';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('PostgreSQL stopped under a running platform', () => {
  let gate: TcpGate;
  let origin: HttpsOrigin;
  let fakes: PushFakes;
  let t: TestPlatform;
  let known: SignedIn;
  let unseen: SignedIn;
  let deploy: string;

  const weather = `${PROXY}/acme/weather/screen/`;
  const notify = () =>
    t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${deploy}` },
      payload: { organizationId: 'acme', slug: 'news', title: 'Hello', body: 'Once the database is back' },
    });

  beforeAll(async () => {
    const server = new URL(adminUrl!);
    gate = await startTcpGate(server.hostname, Number(server.port || 5432));
    // The test database and every connection of the platform go through the gate.
    const gated = new URL(adminUrl!);
    gated.host = gate.address;
    process.env.TEST_DATABASE_URL = gated.toString();
    origin = await startHttpsOrigin();
    fakes = await startPushFakes();
    t = await startTestPlatform('postgres', { ...originEnv(testCertificates().caFile), ...fakes.env });
    const owner = await t.login('owner@uni.example');
    known = await t.login('known@uni.example');
    unseen = await t.login('unseen@uni.example');
    await remoteApp(t, owner, { org: 'acme', slug: 'weather', origin: `https://origin.test:${origin.port}` });
    const news = await publishedApp(t, t.platform.db, owner.auth, 'acme', 'news');
    deploy = await deployToken(t, owner.auth);
    await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: known.auth,
      payload: { platform: 'rustore', token: 'rustore-outage-0001' },
    });
    await grant(t.platform.db, news.id, [known.user.id]);
  });

  afterAll(async () => {
    await gate.open().catch(() => {});
    await t?.close();
    await origin?.close();
    await fakes?.close();
    await gate?.close();
    process.env.TEST_DATABASE_URL = adminUrl;
  });

  it('before: a proxied call answers (and the node remembers the context)', async () => {
    expect((await t.request({ method: 'GET', url: weather, headers: known.auth })).statusCode).toBe(200);
  });

  it('stopped: API routes and readiness are 503 unavailable with Retry-After, never 500', async () => {
    await gate.shut();
    for (const url of ['/api/v1/me', '/api/v1/catalog', '/readyz']) {
      const res = await t.request({ method: 'GET', url, headers: known.auth });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toMatchObject({ ok: false, error: 'unavailable' });
    }
    const me = await t.request({ method: 'GET', url: '/api/v1/me', headers: known.auth });
    expect(me.headers['retry-after']).toBe('5');
  });

  it('stopped: notify is 503 unavailable at once, and nothing is recorded or charged', async () => {
    const started = Date.now();
    const res = await notify();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'unavailable' });
  });

  it('stopped: a cached user keeps reaching a remote app past the cache term; an unseen user gets 503', async () => {
    await new Promise((r) => setTimeout(r, 1_100));
    const cached = await t.request({ method: 'GET', url: weather, headers: known.auth });
    expect(cached.statusCode).toBe(200);
    const fresh = await t.request({ method: 'GET', url: weather, headers: unseen.auth });
    expect(fresh.statusCode).toBe(503);
    expect(fresh.json()).toMatchObject({ ok: false, error: 'unavailable' });
    expect(fresh.headers['retry-after']).toBe('5');
  });

  it('restarted: everything answers again by itself; the refused push had charged nothing', async () => {
    await gate.open();
    await waitFor(async () =>
      (await t.request({ method: 'GET', url: '/readyz' })).statusCode === 200 ? true : undefined,
    );
    expect((await t.request({ method: 'GET', url: '/api/v1/me', headers: known.auth })).statusCode).toBe(200);
    expect(await countRows(t.platform.db, 'push_quota')).toBe(0);
    const sent = await notify();
    expect(sent.json()).toEqual({ ok: true, delivered: 1, users: 1 });
  });
});
