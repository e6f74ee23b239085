// App session tokens as a host meets them: the exchange, its own app's proxy routes, and a 401 everywhere else:
// on every /api/v1 route (walked from the route table, so a new route cannot forget it) and on another app's proxy.
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SESSION_AUDIENCE, APP_SESSION_TYP } from '../src/auth/app-session-tokens.js';
import { ManualClock } from '../src/infra/clock.js';
import { deriveKey } from '../src/signing/keys.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { appId, hostedApp, PROXY } from './helpers/proxy-apps.js';
import { fillUrl, routeTable, takesBody } from './helpers/route-table.js';

const home = [{ path: '/', json: { type: 'screen', children: [] } }];
/** Plausible values for the path parameters of the management API. */
const PARAMS: Record<string, string> = {
  org: 'acme',
  slug: 'menu',
  version: '1',
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  '*': 'x',
};

describe.each(dialects)('app session tokens on %s', (dialect) => {
  let t: TestPlatform;
  let clock: ManualClock;
  let dev: SignedIn;
  let ann: SignedIn;
  let outsider: SignedIn;
  const { routes, build } = routeTable();

  beforeAll(async () => {
    t = await startTestPlatform(dialect, {}, build);
    clock = new ManualClock(Date.now());
    t.platform.clock = clock;
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    outsider = await t.login('out@uni.example');
    await hostedApp(t, dev, { org: 'acme', slug: 'menu', live: home });
    await hostedApp(t, dev, { org: 'acme', slug: 'events', live: home });
    await hostedApp(t, dev, { org: 'acme', slug: 'draft', head: home });
    await hostedApp(t, dev, { org: 'acme', slug: 'frozen', live: home, status: 'suspended' });
  }, 60_000);
  afterAll(() => t.close());

  const exchange = (who: Record<string, string>, app: string, payload?: object) =>
    t.request({
      method: 'POST',
      url: `/api/v1/me/apps/acme/${app}/session`,
      headers: who,
      ...(payload !== undefined && { payload }),
    });
  async function sessionOf(who: SignedIn, app: string, payload?: object): Promise<string> {
    const res = await exchange(who.auth, app, payload);
    expect(res.statusCode).toBe(200);
    return res.json().token;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const proxy = (token: string, path: string, method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
    t.request({
      method,
      url: `${PROXY}/acme/${path}`,
      headers: { ...bearer(token), ...(payload !== undefined && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });

  it('exchanges a user token for a 15-minute token of its own kind', async () => {
    const res = await exchange(ann.auth, 'menu');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, token: expect.any(String), expiresIn: 900 });
    const lifetime = Date.parse(body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(895_000);
    expect(lifetime).toBeLessThanOrEqual(900_000);
    expect(decodeProtectedHeader(body.token)).toMatchObject({ alg: 'HS256', typ: APP_SESSION_TYP });
  });

  it('never outlives the user token that asked for it', async () => {
    const short = await t.platform.userTokens.issue!({ sub: ann.user.id, email: ann.user.email }, 60);
    const res = await exchange(bearer(short), 'menu');
    expect(res.statusCode).toBe(200);
    expect(res.json().expiresIn).toBeLessThanOrEqual(60);
  });

  it('refuses what the proxy would refuse: no user, a missing, unpublished or suspended app, a stranger’s preview', async () => {
    expect((await exchange({}, 'menu')).statusCode).toBe(401);
    expect((await exchange(bearer('nope'), 'menu')).statusCode).toBe(401);
    const missing = await exchange(ann.auth, 'nothing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'app_not_found' });
    const draft = await exchange(ann.auth, 'draft');
    expect(draft.statusCode).toBe(403);
    expect(draft.json()).toMatchObject({ error: 'app_unavailable' });
    expect((await exchange(ann.auth, 'frozen')).json()).toMatchObject({ error: 'app_unavailable' });
    const peek = await exchange(outsider.auth, 'draft', { preview: true });
    expect(peek.statusCode).toBe(403);
    expect(peek.json()).toMatchObject({ error: 'forbidden' });
    const bad = await exchange(ann.auth, 'menu', { preview: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives a member a preview token of a draft, which opens the head version', async () => {
    const token = await sessionOf(dev, 'draft', { preview: true });
    const res = await t.request({
      method: 'GET',
      url: `${PROXY}/acme/draft/screen/`,
      headers: { ...bearer(token), 'x-miniapps-preview': '1' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('opens its own app: screen, api, storage and strings', async () => {
    const token = await sessionOf(ann, 'menu');
    expect((await proxy(token, 'menu/screen/')).statusCode).toBe(200);
    expect((await proxy(token, 'menu/storage/fav', 'PUT', { dish: 3 })).statusCode).toBe(200);
    expect((await proxy(token, 'menu/storage/fav')).json()).toMatchObject({ value: { dish: 3 } });
    expect((await proxy(token, 'menu/strings')).statusCode).toBe(200);
    // A hosted app has no backend: the answer is the app's own 404, not a refusal of the token.
    expect((await proxy(token, 'menu/api/x')).json()).toMatchObject({ error: 'no_backend' });
  });

  it("is 401 on another app's proxy routes, whatever the kind", async () => {
    const token = await sessionOf(ann, 'menu');
    for (const path of ['events/screen/', 'events/api/data/x', 'events/storage', 'events/strings']) {
      const res = await proxy(token, path);
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toMatchObject({ ok: false, error: 'unauthorized' });
    }
    expect((await proxy(token, 'events/storage/fav', 'PUT', 1)).statusCode).toBe(401);
    const other = await t.request({
      method: 'GET',
      url: `${PROXY}/platform/profile-card/screen/`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(401);
  });

  it('is 401 once the app it names is deleted and made anew under the same name', async () => {
    await hostedApp(t, dev, { org: 'acme', slug: 'reborn', live: home });
    const token = await sessionOf(ann, 'reborn');
    expect((await proxy(token, 'reborn/screen/')).statusCode).toBe(200);
    // The old app moves out of the way (as deleted) and a new one takes its name.
    const old = await appId(t, 'acme', 'reborn');
    await t.platform.db.updateTable('apps').set({ slug: 'reborn-old' }).where('id', '=', old).execute();
    await hostedApp(t, dev, { org: 'acme', slug: 'reborn', live: home });
    expect((await proxy(await sessionOf(ann, 'reborn'), 'reborn/screen/')).statusCode).toBe(200);
    expect((await proxy(token, 'reborn/screen/')).statusCode).toBe(401);
  });

  it('is 401 expired, tampered with, or signed with any other key', async () => {
    const key = deriveKey(t.config.keys.platformKey, 'app-sessions');
    const menu = await appId(t, 'acme', 'menu');
    const now = Math.floor(Date.now() / 1000);
    const forge = (exp: number, signingKey: Uint8Array = key) =>
      new SignJWT({ app: 'acme/menu', aid: menu })
        .setProtectedHeader({ alg: 'HS256', typ: APP_SESSION_TYP })
        .setIssuer('miniapps')
        .setAudience(APP_SESSION_AUDIENCE)
        .setSubject(ann.user.id)
        .setIssuedAt(now - 1000)
        .setExpirationTime(exp)
        .sign(signingKey);
    // The forged token is right in every part but the one under test.
    expect((await proxy(await forge(now + 60), 'menu/screen/')).statusCode).toBe(200);
    const expired = await proxy(await forge(now - 1), 'menu/screen/');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/app session token/);
    const userKey = new TextEncoder().encode(t.config.keys.authJwtSecret);
    expect((await proxy(await forge(now + 60, userKey), 'menu/screen/')).statusCode).toBe(401);
    const token = await sessionOf(ann, 'menu');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const moved = Buffer.from(JSON.stringify({ ...claims, app: 'acme/events' })).toString('base64url');
    expect((await proxy(`${header}.${moved}.${signature}`, 'events/screen/')).statusCode).toBe(401);
    expect((await proxy(`${header}.${moved}.${signature}`, 'menu/screen/')).statusCode).toBe(401);
  });

  it('leaves user tokens working on the proxy, and counts the user in one limit whichever token they send', async () => {
    const token = await sessionOf(outsider, 'menu');
    for (let i = 0; i < 90; i++) {
      expect((await proxy(outsider.token, 'menu/screen/')).statusCode).toBe(200);
      expect((await proxy(token, 'menu/screen/')).statusCode).toBe(200);
    }
    expect((await proxy(token, 'menu/screen/')).statusCode).toBe(429);
    expect((await proxy(outsider.token, 'menu/screen/')).statusCode).toBe(429);
    clock.advance(60_000);
  });

  it('is 401 on every /api/v1 route that takes a user, and no more than anonymous on the rest', async () => {
    const token = await sessionOf(dev, 'menu');
    const api = routes.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(40);
    const open: string[] = [];
    for (const route of api) {
      const url = fillUrl(route, PARAMS);
      const send = (headers: Record<string, string>) =>
        t.request({ method: route.method as 'GET', url, headers, ...(takesBody(route) && { payload: {} }) });
      const asApp = await send(bearer(token));
      const anonymous = await send({});
      const name = `${route.method} ${route.url}`;
      if (anonymous.statusCode === 401) {
        expect(asApp.statusCode, name).toBe(401);
        expect(asApp.json(), name).toMatchObject({ ok: false, error: 'unauthorized' });
      } else {
        // A route that takes no user answers the token as it answers nobody: it grants nothing.
        expect(asApp.statusCode, name).toBe(anonymous.statusCode);
        open.push(name);
      }
    }
    // The few routes that take no user (sign-in, public documents) stay few.
    expect(open.length).toBeLessThan(8);
  });

  it('says on a user route that an app session token is the wrong token', async () => {
    const token = await sessionOf(ann, 'menu');
    const res = await t.request({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/app session token/i);
    expect((await exchange(bearer(token), 'menu')).statusCode).toBe(401);
  });
});
