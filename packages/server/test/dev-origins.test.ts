// `PUT /api/v1/dev/origins/{org}/{slug}`: a remote app's `.dev.test` name sent to a loopback port with its own CA,
// only outside production, only for members, only for that name; the proxy then reaches the origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { makeTestCa, type TestCa } from './helpers/test-ca.js';

const ORG = 'dev-origin-org';

describe.each(dialects)('dev origins on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let ca: TestCa;
  let other: TestCa;
  let origin: HttpsOrigin;
  const name = (slug: string) => `${slug}.${ORG}.dev.test`;

  const register = (who: SignedIn, slug: string, payload: object) =>
    t.request({ method: 'PUT', url: `/api/v1/dev/origins/${ORG}/${slug}`, headers: who.auth, payload });
  const preview = (who: SignedIn, slug: string, path = '/') =>
    t.request({
      method: 'GET',
      url: `/functions/v1/miniapp-proxy/${ORG}/${slug}/screen${path}`,
      headers: { ...who.auth, 'x-miniapps-preview': '1' },
    });
  const createApp = async (slug: string, body: object) => {
    const res = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/${ORG}/apps`,
      headers: dev.auth,
      payload: { slug, name: slug, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    ca = makeTestCa('dev origins CA');
    other = makeTestCa('another CA');
    // No EGRESS_HOSTS, no EGRESS_ALLOW_RANGES, no NODE_EXTRA_CA_CERTS: the registry is the only way in.
    t = await startTestPlatform(dialect);
    dev = await t.login('dev-origins@uni.example');
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: dev.auth,
      payload: { id: ORG, name: ORG },
    });
    await createApp('notes', { sourceKind: 'remote', origin: `https://${name('notes')}` });
    const leaf = ca.issue(name('notes'), `DNS:${name('notes')}`);
    origin = await startHttpsOrigin({ key: leaf.keyPem, cert: leaf.certPem });
  });
  afterAll(async () => {
    await origin?.close();
    await t?.close();
    ca?.remove();
    other?.remove();
  });

  it('says a reserved name is not registered yet, instead of asking DNS', async () => {
    await createApp('later', { sourceKind: 'remote', origin: `https://${name('later')}` });
    const answer = await preview(dev, 'later');
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toMatchObject({
      error: 'origin_unreachable',
      details: { reason: 'DEV_ORIGIN_NOT_REGISTERED' },
    });
  });

  it("sends the app's reserved name to the registered loopback port, trusting its CA", async () => {
    const res = await register(dev, 'notes', { port: origin.port, caCertificate: ca.caPem });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      name: name('notes'),
      origin: `https://${name('notes')}`,
      address: `127.0.0.1:${origin.port}`,
    });
    const answer = await preview(dev, 'notes', '/hello');
    expect(answer.statusCode, answer.body).toBe(200);
    const received = origin.requests.at(-1)!;
    expect(received.url).toBe('/hello');
    expect(received.headers.host).toBe(name('notes'));
    expect(received.headers['x-platform-app-user']).toEqual(expect.any(String));
  });

  it('registering again replaces the port and the CA', async () => {
    const leaf = other.issue(name('notes'), `DNS:${name('notes')}`);
    const second = await startHttpsOrigin({ key: leaf.keyPem, cert: leaf.certPem });
    try {
      // The old CA does not vouch for the new server: the pin's CA is the only one trusted for the name.
      expect((await register(dev, 'notes', { port: second.port, caCertificate: ca.caPem })).statusCode).toBe(
        200,
      );
      expect((await preview(dev, 'notes', '/wrong-ca')).json()).toMatchObject({
        error: 'origin_unreachable',
      });
      expect(
        (await register(dev, 'notes', { port: second.port, caCertificate: other.caPem })).statusCode,
      ).toBe(200);
      expect((await preview(dev, 'notes', '/second')).statusCode).toBe(200);
      expect(second.requests.map((r) => r.url)).toContain('/second');
    } finally {
      await second.close();
      await register(dev, 'notes', { port: origin.port, caCertificate: ca.caPem });
    }
  });

  it("trusts a registered CA for its own name only, not for another app's", async () => {
    await createApp('other', { sourceKind: 'remote', origin: `https://${name('other')}` });
    // other's server shows a certificate for its name from notes' CA, while other registered another CA.
    const leaf = ca.issue(name('other'), `DNS:${name('other')}`);
    const server = await startHttpsOrigin({ key: leaf.keyPem, cert: leaf.certPem });
    try {
      expect(
        (await register(dev, 'other', { port: server.port, caCertificate: other.caPem })).statusCode,
      ).toBe(200);
      expect((await preview(dev, 'other')).json()).toMatchObject({ error: 'origin_unreachable' });
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('registers only for a member of the organization, only a remote app, only a port and a PEM CA', async () => {
    const stranger = await t.login('stranger@uni.example');
    const foreign = await register(stranger, 'notes', { port: origin.port, caCertificate: ca.caPem });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ ok: false, error: 'org_not_found' });

    await createApp('guide', { sourceKind: 'hosted' });
    const hosted = await register(dev, 'guide', { port: origin.port, caCertificate: ca.caPem });
    expect(hosted.statusCode).toBe(422);
    expect(hosted.json()).toMatchObject({ error: 'validation_failed' });

    for (const payload of [
      // There is no address to give: a pin always goes to loopback.
      { port: origin.port, caCertificate: ca.caPem, address: '10.0.0.1' },
      { port: origin.port, caCertificate: ca.caPem, name: 'evil.example' },
      { port: 0, caCertificate: ca.caPem },
      { port: 70_000, caCertificate: ca.caPem },
      { port: origin.port, caCertificate: 'not a certificate' },
      { port: origin.port, caCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n' },
    ]) {
      const res = await register(dev, 'notes', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'bad_request' });
    }
    const anonymous = await t.request({
      method: 'PUT',
      url: `/api/v1/dev/origins/${ORG}/notes`,
      payload: { port: origin.port, caCertificate: ca.caPem },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves names outside .dev.test to the ordinary rules: loopback stays refused', async () => {
    await createApp('plain', { sourceKind: 'remote', origin: 'https://plain.example' });
    const pinned = t.platform.egress.devOrigins!;
    expect(() => pinned.register('plain.example', origin.port, ca.caPem)).toThrow(/dev\.test/);
    expect(pinned.find('plain.example')).toBeUndefined();
    expect(pinned.find('evil.dev.test.example')).toBeUndefined();
  });
});

describe('dev origins where the dev login is off', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    AUTH_JWT_SECRET: 'a'.repeat(40),
    PLATFORM_KEY: 'b'.repeat(64),
    SERVICE_ROLE_KEY: 'c'.repeat(40),
  };

  for (const [label, env] of [
    ['production', PRODUCTION],
    ['DEV_LOGIN=false', { DEV_LOGIN: 'false' }],
  ] as const) {
    it(`answers 403 dev_origins_disabled in ${label}, and the egress has no registry`, async () => {
      const t = await startTestPlatform('sqlite', env);
      try {
        expect(t.platform.egress.devOrigins).toBeUndefined();
        const token = await t.platform.userTokens.issue!({
          sub: crypto.randomUUID(),
          email: 'p@uni.example',
        });
        const res = await t.request({
          method: 'PUT',
          url: '/api/v1/dev/origins/some-org/some-app',
          headers: { authorization: `Bearer ${token}` },
          payload: { port: 8443, caCertificate: 'x' },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ ok: false, error: 'dev_origins_disabled' });
      } finally {
        await t.close();
      }
    });
  }
});
