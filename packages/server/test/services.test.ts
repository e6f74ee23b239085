// Service apps: the first-party Profile card through the proxy, and the internal route that answers only to the service-role key.
import { validateScreen } from '@miniapps/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceInvoker, keyMatches } from '../src/services/invoke.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { PROXY } from './helpers/proxy-apps.js';

describe('the service-role key check', () => {
  it('matches only the exact key, whatever the length of the guess', () => {
    const key = 'k'.repeat(64);
    expect(keyMatches(key, key)).toBe(true);
    for (const guess of [undefined, '', 'k', 'k'.repeat(63), 'k'.repeat(65), `${'k'.repeat(63)}K`]) {
      expect(keyMatches(key, guess)).toBe(false);
    }
  });

  it('the invoker refuses a wrong key before it looks up the service', async () => {
    const invoker = createServiceInvoker(new Map(), 'right-key', { db: undefined as never });
    const call = { slug: 'x', path: '/', kind: 'screen' as const, userId: 'u', method: 'GET', body: null };
    await expect(invoker.invoke('x', call, 'wrong')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(invoker.invoke('x', call, 'right-key')).rejects.toMatchObject({ code: 'service_not_found' });
  });
});

describe.each(dialects)('service apps on %s', (dialect) => {
  let t: TestPlatform;
  let ada: SignedIn;
  let bo: SignedIn;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    key = t.config.keys.serviceRoleKey;
    ada = await t.login('ada@uni.example', { fullName: 'Ада Лавлейс', course: '4', group: 'ПМ-41' });
    bo = await t.login('bo@uni.example');
  });
  afterAll(() => t.close());

  const proxy = (who: SignedIn, path: string, method = 'GET', payload?: string) =>
    t.request({
      method: method as 'GET',
      url: `${PROXY}/platform/profile-card${path}`,
      headers: { ...who.auth, 'content-type': 'application/json' },
      ...(payload !== undefined && { payload }),
    });
  const internal = (headers: Record<string, string>, payload: object, slug = 'profile-card') =>
    t.request({ method: 'POST', url: `/functions/v1/miniapp-svc-${slug}`, headers, payload });
  const call = (userId: string) => ({
    slug: 'profile-card',
    path: '/',
    kind: 'screen',
    userId,
    method: 'GET',
  });

  it('the migration created the app: service kind, platform organization, published, no user owner', async () => {
    const row = await t.platform.db
      .selectFrom('apps')
      .selectAll()
      .where('organizationId', '=', 'platform')
      .where('slug', '=', 'profile-card')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sourceKind: 'service', status: 'published', createdBy: null, origin: null });
    expect(row.liveName).toBe('Profile card');
  });

  it("the start screen is a valid screen built from the signed-in user's own profile", async () => {
    const res = await proxy(ada, '/screen/');
    expect(res.statusCode).toBe(200);
    const screen = res.json();
    const validation = validateScreen(screen);
    expect(validation.unknownWidgets).toEqual([]);
    expect(validation.unknownActions).toEqual([]);
    const text = JSON.stringify(screen);
    for (const value of ['Ада Лавлейс', 'ada@uni.example', 'ПМ-41', '"4"']) expect(text).toContain(value);
    expect(JSON.stringify((await proxy(bo, '/screen/')).json())).not.toContain('ada@uni.example');
  });

  it('the API answers the profile as JSON; unknown routes and methods are the service’s own 404', async () => {
    const res = await proxy(bo, '/api/profile');
    expect(res.json()).toEqual({
      ok: true,
      profile: { email: 'bo@uni.example', fullName: null, course: null, group: null },
    });
    for (const [path, method] of [
      ['/api/profile', 'POST'],
      ['/api/nothing', 'GET'],
      ['/screen/nothing', 'GET'],
    ]) {
      const miss = await proxy(ada, path!, method, method === 'POST' ? '{}' : undefined);
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toMatchObject({ ok: false, error: 'not_found' });
    }
  });

  it('a request body that is not JSON is 400 bad_request, before the service runs', async () => {
    const res = await proxy(ada, '/api/profile', 'POST', 'not json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });

  it('the internal route answers with the service-role key', async () => {
    const res = await internal({ authorization: `Bearer ${key}` }, call(ada.user.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().type).toBe('screen');
  });

  it('the internal route refuses any caller without the key: missing, wrong, a user token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${key}x`,
      `Bearer ${key.slice(1)}`,
      ada.auth.authorization,
      key,
    ]) {
      const res = await internal(authorization ? { authorization } : {}, call(ada.user.id));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('unauthorized');
    }
  });

  it('without the key, even an unknown service or a bad body is 401, so nothing leaks', async () => {
    expect((await internal({}, call(ada.user.id), 'nope')).statusCode).toBe(401);
    expect((await internal({}, { junk: true })).statusCode).toBe(401);
  });

  it('with the key: an unknown service is 404 service_not_found, a mismatched slug or bad body 400', async () => {
    const auth = { authorization: `Bearer ${key}` };
    const unknown = await internal(auth, { ...call(ada.user.id), slug: 'nope' }, 'nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('service_not_found');
    expect((await internal(auth, { ...call(ada.user.id), slug: 'other' })).statusCode).toBe(400);
    expect((await internal(auth, { slug: 'profile-card' })).statusCode).toBe(400);
  });
});
