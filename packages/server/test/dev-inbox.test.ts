// The development push inbox: `web-dev` devices in development only, pushes kept per user under the push rules.
import { randomUUID } from 'node:crypto';
import { INBOX_MAX_LIMIT } from '@miniapps/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRow } from '../src/db/schema.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { closePlatform, deployToken, grant, publishedApp } from './helpers/push-fakes/audience.js';

const webDevToken = () => `web-dev-${randomUUID()}`;

describe.each(dialects)('development push inbox on %s', (dialect) => {
  let t: TestPlatform;
  let owner: SignedIn;
  let token: string;
  let apps = 0;

  beforeAll(async () => {
    // No provider configured: only the development inbox reaches anyone.
    t = await startTestPlatform(dialect);
    owner = await t.login('owner@uni.example');
    token = await deployToken(t, owner.auth);
  });
  afterAll(async () => {
    if (t) await closePlatform(t);
  });

  const freshApp = () =>
    publishedApp(t, t.platform.db, owner.auth, 'acme', `inbox-${++apps}`, { name: 'Campus News' });

  const notify = async (app: AppRow, extra: object = {}) => {
    const res = await t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        organizationId: app.organizationId,
        slug: app.slug,
        title: 'Exam moved',
        body: 'Friday.',
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.platform.push.idle();
    return res.json() as { users: number; delivered: number };
  };

  const register = (user: SignedIn, value = webDevToken()) =>
    t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: user.auth,
      payload: { platform: 'web-dev', token: value, clientApp: 'web' },
    });

  const inbox = async (user: SignedIn, query = '') => {
    const res = await t.request({ method: 'GET', url: `/api/v1/me/inbox${query}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: Array<Record<string, unknown>>;
      unread: number;
      nextCursor: string | null;
    };
  };

  /** A user with a web-dev device who granted the app notifications. */
  async function subscriber(app: AppRow, name: string): Promise<SignedIn> {
    const user = await t.login(`${name}-${app.slug}@uni.example`);
    expect((await register(user)).statusCode).toBe(201);
    await grant(t.platform.db, app.id, [user.user.id], ['identity', 'notifications']);
    return user;
  }

  it('registers a web-dev device in development, and a push reaches its inbox with title, body and page', async () => {
    const app = await freshApp();
    const ada = await subscriber(app, 'ada');
    const devices = await t.request({ method: 'GET', url: '/api/v1/me/devices', headers: ada.auth });
    expect(devices.json().devices).toMatchObject([{ platform: 'web-dev', clientApp: 'web' }]);

    expect(await notify(app, { page: '/news/42' })).toMatchObject({ users: 1, delivered: 1 });
    const { items, unread, nextCursor } = await inbox(ada);
    expect(unread).toBe(1);
    expect(nextCursor).toBeNull();
    expect(items).toEqual([
      {
        id: expect.any(String),
        notificationId: expect.any(String),
        title: 'Campus News: Exam moved',
        body: 'Friday.',
        app: { organizationId: 'acme', slug: app.slug, name: 'Campus News' },
        page: '/news/42',
        link: `miniapps://open/acme/${app.slug}?page=%2Fnews%2F42`,
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    // The push's own counts say it was accepted, like a provider's.
    const history = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/acme/apps/${app.slug}/notifications`,
      headers: owner.auth,
    });
    expect(history.json().notifications[0]).toMatchObject({ devices: 1, accepted: 1, failed: 0 });
  });

  it("another user's token sees nothing of it", async () => {
    const app = await freshApp();
    await subscriber(app, 'owner-of-push');
    await notify(app);
    const stranger = await t.login(`stranger-${app.slug}@uni.example`);
    expect(await inbox(stranger)).toEqual({ ok: true, items: [], unread: 0, nextCursor: null });
  });

  it('a user who has not granted notifications gets nothing, and is not counted', async () => {
    const app = await freshApp();
    const bob = await t.login(`bob-${app.slug}@uni.example`);
    expect((await register(bob)).statusCode).toBe(201);
    await grant(t.platform.db, app.id, [bob.user.id], ['identity']);
    expect(await notify(app)).toMatchObject({ users: 0, delivered: 0 });
    expect((await inbox(bob)).items).toEqual([]);
  });

  it('the daily quota applies: the third push of the day is not delivered', async () => {
    const app = await freshApp();
    const cleo = await subscriber(app, 'cleo');
    for (const title of ['One', 'Two']) expect((await notify(app, { title })).delivered).toBe(1);
    expect(await notify(app, { title: 'Three' })).toMatchObject({ users: 1, delivered: 0 });
    const { items } = await inbox(cleo);
    expect(items.map((i) => i.title)).toEqual(['Campus News: Two', 'Campus News: One']);
  });

  it('two browsers of one user keep one copy; pages, mark read and clear', async () => {
    const app = await freshApp();
    const dan = await subscriber(app, 'dan');
    expect((await register(dan)).statusCode).toBe(201);
    await notify(app, { title: 'First' });
    await notify(app, { title: 'Second' });
    const first = await inbox(dan, '?limit=1');
    expect(first.items.map((i) => i.title)).toEqual(['Campus News: Second']);
    expect(first.unread).toBe(2);
    const second = await inbox(dan, `?limit=1&before=${first.nextCursor}`);
    expect(second.items.map((i) => i.title)).toEqual(['Campus News: First']);
    expect(second.nextCursor).toBeNull();

    const read = await t.request({ method: 'POST', url: '/api/v1/me/inbox/read', headers: dan.auth });
    expect(read.json()).toEqual({ ok: true, updated: 2 });
    const after = await inbox(dan);
    expect(after.unread).toBe(0);
    expect(after.items.every((i) => typeof i.readAt === 'string')).toBe(true);

    const cleared = await t.request({ method: 'DELETE', url: '/api/v1/me/inbox', headers: dan.auth });
    expect(cleared.json()).toEqual({ ok: true, removed: 2 });
    expect((await inbox(dan)).items).toEqual([]);
  });

  it('an unregistered browser gets no more pushes', async () => {
    const app = await freshApp();
    const eve = await t.login(`eve-${app.slug}@uni.example`);
    const value = webDevToken();
    await register(eve, value);
    await grant(t.platform.db, app.id, [eve.user.id], ['notifications']);
    const removed = await t.request({
      method: 'DELETE',
      url: '/api/v1/me/devices',
      headers: eve.auth,
      payload: { platform: 'web-dev', token: value },
    });
    expect(removed.json()).toEqual({ ok: true, removed: 1 });
    expect(await notify(app)).toMatchObject({ users: 1, delivered: 0 });
    expect((await inbox(eve)).items).toEqual([]);
  });

  it('a bad paging query is 400 bad_request; a page holds at most INBOX_MAX_LIMIT', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/me/inbox?limit=0', headers: owner.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    const atLimit = await t.request({
      method: 'GET',
      url: `/api/v1/me/inbox?limit=${INBOX_MAX_LIMIT}`,
      headers: owner.auth,
    });
    expect(atLimit.statusCode).toBe(200);
    const past = await t.request({
      method: 'GET',
      url: `/api/v1/me/inbox?limit=${INBOX_MAX_LIMIT + 1}`,
      headers: owner.auth,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('bad_request');
  });
});

describe('development push inbox in production', () => {
  const SECRET = 'an-identity-provider-secret-of-32+chars';
  let t: TestPlatform;
  let auth: { authorization: string };

  beforeAll(async () => {
    // The dev login off, users signed by an identity provider: what production runs.
    t = await startTestPlatform('sqlite', { AUTH_JWT_SECRET: SECRET, DEV_LOGIN: 'false' });
    const jwt = await new SignJWT({ email: 'prod@uni.example' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(randomUUID())
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    auth = { authorization: `Bearer ${jwt}` };
  });
  afterAll(() => t?.close());

  it('refuses the web-dev platform with 422 validation_failed, and other platforms as before', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: { ...auth, 'accept-language': 'ru' },
      payload: { platform: 'web-dev', token: webDevToken() },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'validation_failed', details: { field: 'platform' } });
    expect(res.json().message).toContain('web-dev');
    const android = await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: auth,
      payload: { platform: 'android', token: 'android-production-000001' },
    });
    expect(android.statusCode).toBe(201);
  });

  it('answers the inbox routes 404 not_found', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/me/inbox'],
      ['POST', '/api/v1/me/inbox/read'],
      ['DELETE', '/api/v1/me/inbox'],
    ] as const) {
      const res = await t.request({ method, url, headers: auth });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });
});
