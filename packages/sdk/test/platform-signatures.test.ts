// Must show: the SDK verifies the platform's real signatures end to end. A real platform proxies to a real https
// origin on loopback that checks every request with verifyRequest; the origin accepts what the proxy signs and
// refuses forged, stale and future requests; after a rotation the previous secret works for 24 hours, then not.
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/src/infra/clock.js';
import { dialects } from '../../server/test/helpers/databases.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import {
  refusalBody,
  signAppUser,
  type VerifyOptions,
  type VerifyResult,
  verifyRequest,
} from '../src/index.js';
import {
  consent,
  generateSecret,
  loopbackOriginEnv,
  publishRemoteApp,
  type RemoteAppSetup,
} from './helpers/remote-app.js';

const HOUR = 3_600_000;

describe.each(dialects)('platform signatures, verified by the SDK, on %s', (dialect) => {
  const certs = testCertificates();
  let t: TestPlatform;
  let clock: ManualClock;
  let developer: SignedIn;
  let ada: SignedIn;
  let server: Server;
  let app: RemoteAppSetup;
  /** What the origin checks with; tests install secrets here as a developer would in their server's config. */
  const originConfig: VerifyOptions = { secret: 'not yet generated' };
  let originNow: () => number;
  const seen: { headers: IncomingHttpHeaders; result: VerifyResult }[] = [];

  beforeAll(async () => {
    server = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
      const result = verifyRequest(req.headers, { ...originConfig, now: originNow() });
      seen.push({ headers: req.headers, result });
      res.writeHead(result.ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(result.ok ? { type: 'screen', title: 'ok', verified: result } : refusalBody(result)),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    t = await startTestPlatform(dialect, loopbackOriginEnv(certs.caFile));
    clock = new ManualClock(Date.now());
    t.platform.clock = clock;
    originNow = () => clock.now();
    developer = await t.login('origin-dev@uni.example');
    app = {
      org: 'sig-org',
      slug: 'signed',
      origin: `https://origin.test:${port}`,
      scopes: ['identity', 'email', 'profile', 'group'],
    };
    await publishRemoteApp(t, developer, app);
    ada = await t.login('ada@uni.example', { fullName: 'Ада Лавлейс', course: '2', group: 'ПМ-21' });
    await consent(t, ada, app);
    originConfig.secret = (await generateSecret(t, developer, app)).secret;
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const viaProxy = (path = '/', method = 'GET') =>
    t.request({
      method: method as 'GET',
      url: `/functions/v1/miniapp-proxy/${app.org}/${app.slug}/screen${path}`,
      headers: ada.auth,
    });
  const lastSeen = () => seen[seen.length - 1]!;

  /** A request sent straight to the origin, bypassing the proxy: what an attacker can do. */
  const direct = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          servername: 'origin.test',
          port: (server.address() as AddressInfo).port,
          path: '/',
          ca: readFileSync(certs.caFile, 'utf8'),
          headers,
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  const captured = (): Record<string, string> => {
    const { headers } = lastSeen();
    return Object.fromEntries(
      Object.entries(headers)
        .filter(([k]) => k.startsWith('x-platform-'))
        .map(([k, v]) => [k, String(v)]),
    );
  };

  it('the origin accepts what the proxy signs, and decodes who the user is', async () => {
    const res = await viaProxy('/');
    expect(res.statusCode).toBe(200);
    const verified = res.json().verified;
    expect(verified).toMatchObject({
      ok: true,
      secret: 'current',
      header: 'x-platform-signature',
      timestamp: Math.floor(clock.now() / 1000),
      identity: {
        scopes: ['identity', 'email', 'profile', 'group'],
        userId: ada.user.id,
        email: 'ada@uni.example',
        name: 'Ада Лавлейс',
        course: '2',
        group: 'ПМ-21',
      },
    });
    expect(verified.identity.appUserId).not.toContain(ada.user.id);
    expect(lastSeen().headers['x-platform-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses forged requests sent straight to the origin', async () => {
    await viaProxy('/');
    const real = captured();
    const forgedUser = await direct({ ...real, 'x-platform-app-user': 'someone-else' });
    expect(forgedUser).toMatchObject({ status: 401, body: { error: 'bad_signature' } });
    const guessed = signAppUser(
      'a guessed secret',
      real['x-platform-app-user']!,
      real['x-platform-timestamp']!,
    );
    expect(await direct({ ...real, 'x-platform-signature': guessed })).toMatchObject({
      status: 401,
      body: { error: 'bad_signature' },
    });
    const { 'x-platform-signature': _dropped, ...unsigned } = real;
    expect(await direct(unsigned)).toMatchObject({ status: 401, body: { error: 'missing_signature' } });
    expect(await direct(real)).toMatchObject({ status: 200 });
  });

  it('refuses a captured request replayed more than 300 s later (stale), accepts it at 300 s', async () => {
    await viaProxy('/');
    const real = captured();
    const signedAt = clock.now();
    originNow = () => signedAt + 300_000;
    expect(await direct(real)).toMatchObject({ status: 200 });
    originNow = () => signedAt + 301_000;
    expect(await direct(real)).toMatchObject({ status: 401, body: { error: 'stale_timestamp' } });
    originNow = () => clock.now();
  });

  it('refuses a request signed more than 300 s in its future, through the proxy too', async () => {
    const originTime = clock.now();
    originNow = () => originTime;
    clock.advance(300_000);
    expect((await viaProxy('/')).statusCode).toBe(200);
    clock.advance(1_000);
    const res = await viaProxy('/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, error: 'future_timestamp' });
    originNow = () => clock.now();
  });

  it('rotation: the previous secret is accepted for 24 hours, then refused', async () => {
    const oldSecret = originConfig.secret;
    const rotated = await generateSecret(t, developer, app);
    expect(rotated.secret).not.toBe(oldSecret);
    expect(Date.parse(rotated.previousValidUntil!)).toBe(clock.now() + 24 * HOUR);

    // The origin has not installed the new secret yet: the previous-signature header carries it through.
    expect((await viaProxy('/')).statusCode).toBe(200);
    expect(lastSeen().result).toMatchObject({
      ok: true,
      secret: 'current',
      header: 'x-platform-signature-prev',
    });

    clock.advance(24 * HOUR - 1_000);
    expect((await viaProxy('/')).statusCode).toBe(200);
    expect(lastSeen().headers['x-platform-signature-prev']).toBeDefined();

    clock.advance(2_000);
    const after = await viaProxy('/');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ ok: false, error: 'bad_signature' });
    expect(lastSeen().headers['x-platform-signature-prev']).toBeUndefined();

    // The developer installs the new secret (keeping the old as previousSecret costs nothing).
    originConfig.secret = rotated.secret;
    originConfig.previousSecret = oldSecret;
    expect((await viaProxy('/')).statusCode).toBe(200);
    expect(lastSeen().result).toMatchObject({ ok: true, secret: 'current', header: 'x-platform-signature' });
  });
});
