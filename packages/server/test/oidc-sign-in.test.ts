// Signing in with the university's OpenID Provider (a real oidc-provider on loopback): the code flow, the session, its end.
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { exportJWK } from 'jose';
import * as openid from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userOfIdentity } from '../src/auth/identities-repository.js';
import { loadConfig } from '../src/config.js';
import { ManualClock } from '../src/infra/clock.js';
import { createPlatform } from '../src/platform.js';
import { CookieBrowser, freePort, type Step, throughLoginForm } from './helpers/cookie-browser.js';
import { dialects } from './helpers/databases.js';
import {
  approveDeviceCode,
  type IdpUser,
  moderatorStudent,
  platformClient,
  relyingPartyEnv,
  startTestIdp,
  type TestIdp,
} from './helpers/oidc-provider.js';
import { sharedRedisEnv, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';
import { startSignInPlatform } from './helpers/sign-in-platform.js';

const SESSION = 'miniapps_session';
const redisUrl = process.env.TEST_REDIS_URL;

/** Sessions in each database, and in Redis (REDIS_URL) too when TEST_REDIS_URL is set. */
const setups = dialects.flatMap((dialect) => [
  [dialect, { dialect, redis: false }] as const,
  ...(redisUrl ? [[`${dialect} with sessions in Redis`, { dialect, redis: true }] as const] : []),
]);

function people(): IdpUser[] {
  return [
    moderatorStudent(),
    {
      sub: 'S-1-5-21-3623811015',
      email: 'petrov@uni.example',
      name: 'Pyotr Petrov',
      course: '2',
      group: 'M-21',
    },
    { sub: 'impostor', email: 'ivanova@uni.example', name: 'Not Anna' },
    { sub: 'no-mail', name: 'Nobody' },
    { sub: 'squatter', email: 'rector@uni.example', emailVerified: false, name: 'Self-registered' },
  ];
}

describe.each(setups)('OpenID Connect sign-in on %s', (_name, { dialect, redis }) => {
  let idp: TestIdp;
  let t: TestPlatform;
  let base: string;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ idp, t, base } = await startSignInPlatform(dialect, {
      users: people(),
      // The CLI: a public client with the device grant.
      clients: [{ clientId: 'miniapps-cli', redirectUris: ['http://127.0.0.1/callback'], deviceFlow: true }],
      env: (idp) => ({
        // Bearer tokens of the same IdP name the same people.
        AUTH_JWKS_URL: `${idp.issuer}/jwks`,
        AUTH_JWT_ISSUER: idp.issuer,
        // The dev login (HS256) publishes the app the session below opens.
        AUTH_JWT_SECRET: 'a-dev-login-secret-of-at-least-32-characters',
        ...(redis && sharedRedisEnv(redisUrl!, 'oidc')),
      }),
    }));
    clock = new ManualClock(Date.now());
    t.platform.clock = clock;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** Through the IdP's login form, up to (not into) the platform's callback. */
  async function toCallback(browser: CookieBrowser, login: string, returnTo = '/console'): Promise<string> {
    const start = `${base}/auth/login?return_to=${encodeURIComponent(returnTo)}`;
    const callback = await throughLoginForm(browser, start, `${base}/auth/callback`, login);
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/callback\?code=/);
    return callback;
  }

  async function signIn(login: string, browser = new CookieBrowser()) {
    const landed = await browser.request(await toCallback(browser, login));
    return { browser, landed, cookie: browser.cookie(base, SESSION) };
  }

  const session = (browser: CookieBrowser) => browser.request(`${base}/auth/session`);

  function problemOf(page: Step): string | undefined {
    return /data-problem="([a-z_]+)"/.exec(page.body)?.[1];
  }

  it('signs a person in through the login form: httpOnly SameSite=Lax cookie, profile and role from the claims', async () => {
    const { browser, landed, cookie } = await signIn('ivanova');
    expect(landed.status).toBe(303);
    expect(landed.location).toBe(`${base}/console`);
    const setCookie = landed.headers.getSetCookie().find((line) => line.startsWith(`${SESSION}=`))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // PUBLIC_URL is http here; over https the cookie is Secure (config/oidc.ts).
    expect(setCookie).not.toMatch(/Secure/);
    expect(cookie).toMatch(/^[\w-]{43}$/);

    const me = await session(browser);
    expect(me.status).toBe(200);
    const body = JSON.parse(me.body);
    expect(body.user).toMatchObject({
      email: 'ivanova@uni.example',
      fullName: 'Анна Иванова',
      course: '3',
      group: 'ПИ-31',
      roles: ['moderator'],
    });
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.csrfToken).toMatch(/^[\w-]{32}$/);
    // The whole /api/v1 takes the cookie too.
    const api = await browser.request(`${base}/api/v1/me`);
    expect(JSON.parse(api.body).user.id).toBe(body.user.id);
  });

  it('accepts a subject that is not a UUID (ADFS) and updates the profile at the next sign-in, with a new session', async () => {
    const first = await signIn('S-1-5-21-3623811015');
    const before = JSON.parse((await session(first.browser)).body).user;
    expect(before).toMatchObject({ fullName: 'Pyotr Petrov', course: '2', group: 'M-21', roles: [] });

    idp.users.set('S-1-5-21-3623811015', {
      ...idp.users.get('S-1-5-21-3623811015')!,
      name: 'Pyotr Petrov-Vodkin',
      group: 'M-31',
      course: 3,
    });
    const second = await signIn('S-1-5-21-3623811015', first.browser);
    // Rotated: the old cookie's session is gone, the new one is another value.
    expect(second.cookie).not.toBe(first.cookie);
    const old = await new CookieBrowser().request(`${base}/auth/session`, {
      headers: { cookie: `${SESSION}=${first.cookie}` },
    });
    expect(old.status).toBe(401);
    const after = JSON.parse((await session(second.browser)).body).user;
    expect(after).toMatchObject({
      id: before.id,
      fullName: 'Pyotr Petrov-Vodkin',
      course: '3',
      group: 'M-31',
    });
  });

  it('refuses a callback whose state was tampered with, with a page that offers to sign in again', async () => {
    const browser = new CookieBrowser();
    const callback = new URL(await toCallback(browser, 'ivanova'));
    callback.searchParams.set('state', 'forged-state');
    const page = await browser.request(callback.href, { headers: { 'accept-language': 'ru' } });
    expect(page.status).toBe(400);
    expect(problemOf(page)).toBe('state_mismatch');
    expect(page.body).toContain('другой вкладке');
    expect(page.body).toContain('href="/auth/login"');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(browser.cookie(base, SESSION)).toBeUndefined();
  });

  it('refuses a callback from a second tab (its login was replaced)', async () => {
    const browser = new CookieBrowser();
    const first = await toCallback(browser, 'ivanova');
    await browser.request(`${base}/auth/login`);
    const page = await browser.request(first);
    expect(problemOf(page)).toBe('state_mismatch');
    expect(page.body).toContain('another tab');
  });

  it.each([
    ['a wrong nonce', (p: Record<string, unknown>) => ({ ...p, nonce: 'not-the-nonce' }), 'refused', false],
    ['a wrong audience', (p: Record<string, unknown>) => ({ ...p, aud: 'another-client' }), 'refused', false],
    [
      'a foreign issuer',
      (p: Record<string, unknown>) => ({ ...p, iss: 'https://idp.elsewhere.example' }),
      'refused',
      false,
    ],
    [
      'an expired ID token',
      (p: Record<string, unknown>) => ({ ...p, exp: Math.floor(Date.now() / 1000) - 3600 }),
      'clock_skew',
      false,
    ],
    ['a signature by another key', (p: Record<string, unknown>) => p, 'refused', true],
  ])('refuses an ID token with %s', async (_name, change, problem, foreignKey) => {
    idp.tamperIdToken(change, { foreignKey });
    try {
      const browser = new CookieBrowser();
      const page = await browser.request(await toCallback(browser, 'ivanova'));
      expect(page.status).toBe(400);
      expect(problemOf(page)).toBe(problem);
      expect(browser.cookie(base, SESSION)).toBeUndefined();
    } finally {
      idp.tamperIdToken(undefined);
    }
  });

  it('says so when the person cancels at the IdP', async () => {
    const browser = new CookieBrowser();
    const started = await browser.request(`${base}/auth/login?lang=ru`);
    // The IdP is asked to speak the page's language.
    expect(new URL(started.location!).searchParams.get('ui_locales')).toBe('ru');
    const state = new URL(started.location!).searchParams.get('state')!;
    const query = new URLSearchParams({ error: 'access_denied', state, iss: idp.issuer });
    const page = await browser.request(`${base}/auth/callback?${query}`);
    expect(page.status).toBe(400);
    expect(problemOf(page)).toBe('cancelled');
    expect(page.body).toContain('cancelled at Uni ID');
  });

  it('says the IdP is down when its token endpoint fails, and a session keeps working while it is', async () => {
    const { browser } = await signIn('ivanova');
    idp.outage(true);
    try {
      const other = new CookieBrowser();
      const page = await other.request(await toCallback(other, 'ivanova'), {
        headers: { 'accept-language': 'ru' },
      });
      expect(page.status).toBe(502);
      expect(problemOf(page)).toBe('idp_down');
      expect(page.body).toContain('недоступна');
      // A refresh that cannot reach the IdP is tried again later; the person is not signed out for it.
      clock.advance(3_601_000);
      expect((await session(browser)).status).toBe(200);
    } finally {
      idp.outage(false);
    }
  });

  it('refuses an e-mail that belongs to another subject with a clear page, not a loop', async () => {
    await signIn('ivanova');
    const browser = new CookieBrowser();
    const page = await browser.request(await toCallback(browser, 'impostor'));
    expect(page.status).toBe(409);
    expect(problemOf(page)).toBe('email_taken');
    expect(page.body).toContain('ivanova@uni.example');
    expect(browser.cookie(base, SESSION)).toBeUndefined();
  });

  it('refuses a person without an e-mail claim, or with one the IdP has not verified', async () => {
    const browser = new CookieBrowser();
    const page = await browser.request(await toCallback(browser, 'no-mail'));
    expect(problemOf(page)).toBe('no_email');
    const other = new CookieBrowser();
    const unverified = await other.request(await toCallback(other, 'squatter'));
    expect(problemOf(unverified)).toBe('email_unverified');
    expect(unverified.body).toContain('rector@uni.example');
    expect(other.cookie(base, SESSION)).toBeUndefined();
  });

  it('sends only local paths back after sign-in', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const browser = new CookieBrowser();
      const landed = await browser.request(await toCallback(browser, 'ivanova', target));
      expect(landed.location).toBe(`${base}/`);
    }
  });

  it('asks cookie-authenticated writes for the CSRF token; bearer writes stay as they were', async () => {
    const { browser } = await signIn('ivanova');
    const { csrfToken } = JSON.parse((await session(browser)).body);
    const create = (headers: Record<string, string>) =>
      browser.request(`${base}/api/v1/orgs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ id: `csrf-${dialect}`, name: 'CSRF' }),
      });
    const without = await create({});
    expect(without.status).toBe(403);
    expect(JSON.parse(without.body)).toMatchObject({ error: 'forbidden' });
    expect((await create({ 'x-csrf-token': `${csrfToken}x` })).status).toBe(403);
    expect((await create({ 'x-csrf-token': csrfToken })).status).toBe(201);
  });

  it('exchanges a cookie session for an app session token, which opens the app through the proxy', async () => {
    const dev = await t.login('dev@uni.example');
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'menu',
      live: [{ path: '/', json: { type: 'screen', children: [] } }],
    });
    const { browser } = await signIn('ivanova');
    const { csrfToken } = JSON.parse((await session(browser)).body);
    const url = `${base}/api/v1/me/apps/acme/menu/session`;
    expect((await browser.request(url, { method: 'POST' })).status).toBe(403);
    const res = await browser.request(url, { method: 'POST', headers: { 'x-csrf-token': csrfToken } });
    expect(res.status).toBe(200);
    const { token } = JSON.parse(res.body);
    const screen = await t.request({
      method: 'GET',
      url: `${PROXY}/acme/menu/screen/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(screen.statusCode).toBe(200);
  });

  it('signs out: the session ends here, and the IdP is asked to end its own (RP-initiated logout)', async () => {
    const { browser, cookie } = await signIn('ivanova');
    const { csrfToken } = JSON.parse((await session(browser)).body);
    // Without the token a forged sign-out ends nothing.
    expect((await browser.request(`${base}/auth/logout`, { method: 'POST' })).status).toBe(403);
    expect((await session(browser)).status).toBe(200);

    const out = await browser.request(`${base}/auth/logout`, {
      method: 'POST',
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(out.status).toBe(200);
    const { redirect } = JSON.parse(out.body);
    const end = new URL(redirect);
    expect(`${end.origin}${end.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect(browser.cookie(base, SESSION)).toBeUndefined();
    const replay = await new CookieBrowser().request(`${base}/api/v1/me`, {
      headers: { cookie: `${SESSION}=${cookie}` },
    });
    expect(replay.status).toBe(401);
    expect(JSON.parse(replay.body).message).toMatch(/session has ended/);
  });

  it('takes a removed role away at the next refresh, and ends the session when the IdP refuses to refresh', async () => {
    idp.users.set('ivanova', { ...idp.users.get('ivanova')!, roles: ['moderator'] });
    const { browser } = await signIn('ivanova');
    expect(JSON.parse((await session(browser)).body).user.roles).toEqual(['moderator']);

    idp.users.set('ivanova', { ...idp.users.get('ivanova')!, roles: [] });
    // Before the access token's hour is up the claims stand; after it they are read again. (The IdP's
    // `expires_in` may say 3599 when a second turned while it answered, so the edge is not pinned here.)
    clock.advance(3_500_000);
    expect(JSON.parse((await session(browser)).body).user.roles).toEqual(['moderator']);
    clock.advance(101_000);
    expect(JSON.parse((await session(browser)).body).user.roles).toEqual([]);

    idp.refuseRefresh(true);
    try {
      clock.advance(3_601_000);
      const ended = await session(browser);
      expect(ended.status).toBe(401);
      expect((await session(browser)).status).toBe(401);
    } finally {
      idp.refuseRefresh(false);
      idp.users.set('ivanova', { ...idp.users.get('ivanova')!, roles: ['moderator'] });
    }
  });

  it('refreshes once when a page sends several requests at refresh time (a reused refresh token would end it)', async () => {
    const { browser, cookie } = await signIn('ivanova');
    clock.advance(3_700_000);
    const before = idp.tokenRequests();
    // Straight to the session lookup, all at once (HTTP requests of one client may arrive one by one).
    const found = await Promise.all(
      Array.from({ length: 6 }, () => t.platform.webSessions!.resolve(cookie!)),
    );
    expect(found.map((f) => f.ok)).toEqual([true, true, true, true, true, true]);
    expect(idp.tokenRequests() - before).toBe(1);
    // The rotated refresh token is the one kept: the next refresh works too.
    clock.advance(3_700_000);
    expect((await session(browser)).status).toBe(200);
    clock.advance(3_700_000);
    expect((await session(browser)).status).toBe(200);
  });

  it('ends a session idle for 8 hours, and any session 7 days after sign-in', async () => {
    const idle = await signIn('S-1-5-21-3623811015');
    // A refresh each hour keeps the IdP's side alive; only the idle end is tried here.
    clock.advance(8 * 3_600_000 - 1_000);
    expect((await session(idle.browser)).status).toBe(200);
    clock.advance(8 * 3_600_000);
    expect((await session(idle.browser)).status).toBe(401);

    const used = await signIn('S-1-5-21-3623811015');
    // Used every 7 hours: never idle, yet over at 7 days (168 h) after sign-in.
    for (let hours = 7; hours < 7 * 24; hours += 7) {
      clock.advance(7 * 3_600_000);
      expect((await session(used.browser)).status).toBe(200);
    }
    clock.advance(7 * 3_600_000 - 1_000);
    expect((await session(used.browser)).status).toBe(200);
    clock.advance(1_000);
    expect((await session(used.browser)).status).toBe(401);
  });

  it('makes one account when the first sign-ins of one subject arrive together', async () => {
    const profile = { email: `parallel-${dialect}@uni.example`, fullName: 'Parallel' };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => userOfIdentity(t.platform.db, idp.issuer, 'parallel-sub', profile)),
    );
    const ids = new Set(results.map((r) => (r.ok ? r.user.id : r.problem)));
    expect([...ids]).toHaveLength(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await t.platform.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', profile.email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('maps a bearer token of the same IdP to the same person, whatever its subject', async () => {
    const { browser } = await signIn('S-1-5-21-3623811015');
    const id = JSON.parse((await session(browser)).body).user.id;
    const token = await idp.sign({ sub: 'S-1-5-21-3623811015', email: 'petrov@uni.example' });
    const me = await t.request({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(id);
  });

  it("takes the ID token of the CLI's device login as a bearer token, for the same person as the browser's session", async () => {
    const { browser } = await signIn('ivanova');
    const id = JSON.parse((await session(browser)).body).user.id;
    const cli = await openid.discovery(new URL(idp.issuer), 'miniapps-cli', undefined, openid.None(), {
      execute: [openid.allowInsecureRequests],
    });
    const device = await openid.initiateDeviceAuthorization(cli, { scope: 'openid email profile roles' });
    await approveDeviceCode(new CookieBrowser(), device.verification_uri_complete!, 'ivanova');
    const tokens = await openid.pollDeviceAuthorizationGrant(cli, device);
    const me = await t.request({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${tokens.id_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id, email: 'ivanova@uni.example' });
  }, 20_000);

  it.each([
    ['expired', { expiresIn: '-1m' }, {}, /expired/],
    ['from a foreign issuer', {}, { iss: 'https://idp.elsewhere.example' }, /issuer/],
    ['signed by a key the IdP does not publish', { foreignKey: true }, {}, /invalid|key/],
  ])('says why a bearer token is refused: %s', async (_name, options, claims, message) => {
    const token = await idp.sign({ sub: 'ivanova', email: 'ivanova@uni.example', ...claims }, options);
    const info = vi.spyOn(t.platform.log, 'info');
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(message);
    // The log says why too, at info, without the token.
    const said = info.mock.calls.find(([, text]) => text === 'user token refused');
    info.mockRestore();
    expect(said?.[0]).toMatchObject({ reason: expect.any(String), detail: expect.any(String) });
    expect(JSON.stringify(said)).not.toContain(token.split('.')[2]);
    // The proxy (a native host's user JWT) says the same.
    const proxied = await t.request({
      method: 'GET',
      url: `${PROXY}/acme/menu/screen/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(proxied.statusCode).toBe(401);
    expect(proxied.json().message).toMatch(message);
  });
});

describe('OpenID Connect configuration', () => {
  it('stops the start-up with a clear error when the issuer is wrong', async () => {
    const idp = await startTestIdp({ users: [], clients: [] });
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: '/tmp/miniapps-oidc-config-test',
        PUBLIC_URL: 'http://127.0.0.1:1',
        OIDC_ISSUER: `${idp.issuer}/realms/wrong`,
        OIDC_CLIENT_ID: 'x',
      });
      await expect(createPlatform(config)).rejects.toThrow(/OIDC_ISSUER .*discovery failed/);
    } finally {
      await idp.close();
    }
  });

  it('marks the cookies Secure, with the __Host- and __Secure- prefixes, when PUBLIC_URL is https', async () => {
    const site = 'https://apps.uni.example';
    const idp = await startTestIdp({ users: [moderatorStudent()], clients: [platformClient(site)] });
    const t = await startTestPlatform('sqlite', relyingPartyEnv(idp, site));
    try {
      const res = await t.request({ method: 'GET', url: '/auth/login' });
      expect(res.statusCode).toBe(302);
      // `__Secure-`: a sibling subdomain cannot plant one of this name.
      const login = String(res.headers['set-cookie']);
      expect(login).toMatch(
        /^__Secure-miniapps_login=[^;]+; Path=\/auth\/; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
      );
      // The browser's part at the IdP; the platform itself is reached in-process (it has no https here).
      const browser = new CookieBrowser();
      const atSite = (url: string) => url.startsWith(site);
      const form = await browser.follow(String(res.headers.location), atSite);
      const sent = await browser.submit(form, { login: 'ivanova', password: 'any' });
      const callback = atSite(sent.location!)
        ? sent.location!
        : (await browser.follow(sent.location!, atSite)).location!;
      const landed = await t.request({
        method: 'GET',
        url: callback.slice(site.length),
        headers: { cookie: login.split(';')[0]! },
      });
      expect(landed.statusCode).toBe(303);
      const cookies = [landed.headers['set-cookie']].flat().map(String);
      const session = cookies.find((c) => c.startsWith('__Host-miniapps_session='))!;
      expect(session).toMatch(/; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/);
      const pair = session.split(';')[0]!;
      expect(
        (await t.request({ method: 'GET', url: '/auth/session', headers: { cookie: pair } })).statusCode,
      ).toBe(200);
      // The same value under the plain name (planted from a sibling subdomain, say) opens nothing.
      const plain = pair.replace('__Host-', '');
      expect(
        (await t.request({ method: 'GET', url: '/auth/session', headers: { cookie: plain } })).statusCode,
      ).toBe(401);
    } finally {
      await t.close();
      await idp.close();
    }
  });

  it('signs in with private_key_jwt instead of a client secret', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = `/tmp/miniapps-oidc-key-${process.pid}.pem`;
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const jwk = await exportJWK(publicKey);
    const idp = await startTestIdp({
      users: [moderatorStudent()],
      clients: [{ clientId: 'miniapps-jwt', redirectUris: [`${base}/auth/callback`], jwks: { keys: [jwk] } }],
    });
    const { OIDC_CLIENT_SECRET: _secret, ...env } = relyingPartyEnv(idp, base);
    const t = await startTestPlatform('sqlite', {
      ...env,
      OIDC_CLIENT_ID: 'miniapps-jwt',
      OIDC_PRIVATE_KEY_FILE: keyFile,
    });
    try {
      await t.app.listen({ port, host: '127.0.0.1' });
      const browser = new CookieBrowser();
      const callback = `${base}/auth/callback`;
      const landed = await browser.request(
        await throughLoginForm(browser, `${base}/auth/login`, callback, 'ivanova'),
      );
      expect(landed.status).toBe(303);
      expect(browser.cookie(base, SESSION)).toBeTruthy();
    } finally {
      await t.close();
      await idp.close();
    }
  });

  it.each([
    [{ OIDC_ISSUER: 'http://idp.uni.example' }, /OIDC_ISSUER must be an https URL/],
    [{ OIDC_ISSUER: 'https://idp.uni.example' }, /OIDC_CLIENT_ID is required/],
    [
      { OIDC_ISSUER: 'https://idp.uni.example', OIDC_CLIENT_ID: 'x', OIDC_SCOPES: 'email' },
      /must include openid/,
    ],
    [{ OIDC_CLIENT_ID: 'x' }, /without OIDC_ISSUER/],
    [
      { OIDC_ISSUER: 'https://idp.uni.example', OIDC_CLIENT_ID: 'x', SESSION_IDLE_TIMEOUT: '0' },
      /SESSION_IDLE_TIMEOUT/,
    ],
  ])('refuses %o', (env, problem) => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: '/tmp/miniapps-oidc-config-test',
        PUBLIC_URL: 'https://apps.uni.example',
        ...env,
      }),
    ).toThrow(problem);
  });
});
