// User JWTs from an identity provider: HS256 by AUTH_JWT_SECRET and RS256 from a JWKS URL; the dev login's limits.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';

const SECRET = 'an-identity-provider-secret-of-32+chars';

describe.each(dialects)('user tokens on %s', (dialect) => {
  let t: TestPlatform;
  let jwks: Server;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let otherKey: typeof privateKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const port = (jwks.address() as AddressInfo).port;
    t = await startTestPlatform(dialect, {
      AUTH_JWT_SECRET: SECRET,
      AUTH_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
    });
  });
  afterAll(async () => {
    await t.close();
    jwks.close();
  });

  const me = (token: string) =>
    t.request({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

  it('accepts an HS256 token from the identity provider and creates the profile from its claims', async () => {
    const sub = randomUUID();
    const token = await new SignJWT({
      email: 'Ivan@Uni.Example',
      name: 'Иван Петров',
      course: '2',
      group: 'ФИ-21',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id: sub,
      email: 'ivan@uni.example',
      fullName: 'Иван Петров',
      course: '2',
      group: 'ФИ-21',
      roles: [],
    });
  });

  it('accepts an RS256 token whose key is in the JWKS, with roles from the claims', async () => {
    const sub = randomUUID();
    const token = await new SignJWT({ email: 'mod@uni.example', roles: ['moderator'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject(sub)
      .setExpirationTime('5m')
      .sign(privateKey);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: sub, roles: ['moderator'] });
  });

  it.each([
    [
      'signed by a key not in the JWKS',
      async () =>
        new SignJWT({ email: 'x@uni.example' })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setSubject(randomUUID())
          .sign(otherKey),
    ],
    [
      'expired',
      async () =>
        new SignJWT({ email: 'x@uni.example' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(randomUUID())
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(new TextEncoder().encode(SECRET)),
    ],
    [
      // A subject that is not a UUID is mapped by (iss, sub): without an issuer there is nothing to map it by.
      'whose subject is not a UUID and that names no issuer',
      async () =>
        new SignJWT({ email: 'x@uni.example' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('admin')
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(SECRET)),
    ],
    [
      'for an unknown user without an e-mail claim',
      async () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(randomUUID())
          .sign(new TextEncoder().encode(SECRET)),
    ],
    [
      'unsigned (alg none)',
      async () =>
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: randomUUID(), email: 'x@uni.example' })).toString('base64url')}.`,
    ],
  ])('refuses a token %s with 401', async (_name, make) => {
    const res = await me(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthorized');
  });

  it('opens an app through the proxy with a token whose subject is not a UUID, as the user /me names', async () => {
    const dev = await t.login('dev@uni.example');
    await hostedApp(t, dev, { org: 'adfs', slug: 'menu', live: [{ path: '/', json: { type: 'screen' } }] });
    const token = await new SignJWT({ email: 'olga@uni.example', name: 'Ольга' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://adfs.uni.example/adfs')
      .setSubject('S-1-5-21-3623811015-3361044348-30300820-1013')
      .setExpirationTime('5m')
      .sign(privateKey);
    const screen = await t.request({
      method: 'GET',
      url: `${PROXY}/adfs/menu/screen/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(screen.statusCode).toBe(200);
    const profile = await me(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ email: 'olga@uni.example', fullName: 'Ольга' });
    // The same person on both: one account, whichever of the two saw the token first.
    const again = await t.request({
      method: 'GET',
      url: `${PROXY}/adfs/menu/screen/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.statusCode).toBe(200);
    const users = await t.platform.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'olga@uni.example')
      .execute();
    expect(users).toEqual([{ id: profile.json().user.id }]);
  });
});

describe('dev login', () => {
  it('is refused when the platform runs with an external identity provider only', async () => {
    const t = await startTestPlatform('sqlite', { DEV_LOGIN: 'false' });
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/dev/login',
        payload: { email: 'a@uni.example' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('dev_login_disabled');
    } finally {
      await t.close();
    }
  });

  it('gives a moderator role on request and validates the e-mail', async () => {
    const t = await startTestPlatform('sqlite');
    try {
      const mod = await t.login('moderator@uni.example', { moderator: true });
      expect(mod.user.roles).toEqual(['moderator']);
      const bad = await t.request({
        method: 'POST',
        url: '/api/v1/dev/login',
        payload: { email: 'not-an-email' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('bad_request');
    } finally {
      await t.close();
    }
  });
});
