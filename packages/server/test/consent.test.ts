// Consent: the user grants a subset of the declared scopes, changes it at any time, and undeclared scopes never pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

describe.each(dialects)('consent on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let dev: SignedIn;
  let ann: SignedIn;
  let ben: SignedIn;
  let appId: string;

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example', { fullName: 'Ann', group: 'G-1' });
    ben = await t.login('ben@uni.example');
    // Approved with email and profile; a change adding identity waits for review.
    appId = await remoteApp(t, dev, {
      org: 'acme',
      slug: 'diary',
      origin: `https://origin.test:${origin.port}`,
      scopes: ['email', 'profile'],
      headScopes: ['identity', 'email', 'profile'],
      status: 'pending_review',
    });
    await remoteApp(t, dev, {
      org: 'acme',
      slug: 'secret-draft',
      origin: `https://origin.test:${origin.port}`,
      approved: false,
    });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const url = (slug = 'diary') => `/api/v1/me/apps/acme/${slug}/consent`;
  const read = (who: SignedIn, slug?: string) =>
    t.request({ method: 'GET', url: url(slug), headers: who.auth });
  const put = (who: SignedIn, scopes: unknown, slug?: string) =>
    t.request({ method: 'PUT', url: url(slug), headers: who.auth, payload: { scopes } });
  const sentScopes = async (who: SignedIn) => {
    const res = await t.request({ method: 'GET', url: `${PROXY}/acme/diary/screen/`, headers: who.auth });
    expect(res.statusCode).toBe(200);
    return origin.requests.at(-1)!.headers;
  };

  it('before any choice nothing is granted; the declared scopes are those of the approved version', async () => {
    const res = await read(ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, scopes: [], declared: ['email', 'profile'], updatedAt: null });
    expect((await sentScopes(ann))['x-platform-scopes']).toBe('');
  });

  it('granting a subset: it is stored, read back, and passed to the origin', async () => {
    const res = await put(ann, ['profile']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, scopes: ['profile'], declared: ['email', 'profile'] });
    expect(res.json().updatedAt).toEqual(expect.any(String));
    expect((await read(ann)).json().scopes).toEqual(['profile']);
    const headers = await sentScopes(ann);
    expect(headers['x-platform-scopes']).toBe('profile');
    expect(headers['x-platform-email']).toBeUndefined();
    expect(Buffer.from(String(headers['x-platform-name']), 'base64').toString()).toBe('Ann');
  });

  it('changing it at any time: the next request follows the new choice; an empty list withdraws all', async () => {
    await put(ann, ['email', 'profile']);
    expect((await sentScopes(ann))['x-platform-scopes']).toBe('email,profile');
    await put(ann, []);
    const headers = await sentScopes(ann);
    expect(headers['x-platform-scopes']).toBe('');
    expect(headers['x-platform-email']).toBeUndefined();
    expect(headers['x-platform-name']).toBeUndefined();
  });

  it('a scope the app does not declare is refused with 422, and the stored choice stays whole', async () => {
    await put(ann, ['email']);
    const res = await put(ann, ['email', 'group']);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      details: { field: 'scopes', undeclared: ['group'] },
    });
    expect((await read(ann)).json().scopes).toEqual(['email']);
  });

  it('unknown scope names and repeated names are 400 bad_request', async () => {
    for (const scopes of [['email', 'passport'], ['email', 'email'], 'email', [1]]) {
      const res = await put(ann, scopes);
      expect(res.statusCode, JSON.stringify(scopes)).toBe(400);
      expect(res.json().error).toBe('bad_request');
    }
  });

  it('a scope declared only by the version in review may be granted, but passes only once approved', async () => {
    const res = await put(ann, ['identity', 'email']);
    expect(res.statusCode).toBe(200);
    expect(res.json().scopes).toEqual(['email']);
    expect((await sentScopes(ann))['x-platform-user']).toBeUndefined();
    await t.platform.db
      .updateTable('apps')
      .set({ liveScopes: JSON.stringify(['identity', 'email', 'profile']), status: 'published' })
      .where('id', '=', appId)
      .execute();
    const headers = await sentScopes(ann);
    expect(headers['x-platform-scopes']).toBe('identity,email');
    expect(headers['x-platform-user']).toBe(ann.user.id);
  });

  it('a stored grant the app no longer declares is never passed', async () => {
    await t.platform.db
      .updateTable('consents')
      .set({ scopes: JSON.stringify(['identity', 'email', 'profile', 'group', 'notifications']) })
      .where('appId', '=', appId)
      .where('userId', '=', ann.user.id)
      .execute();
    await t.platform.db
      .updateTable('apps')
      .set({ liveScopes: JSON.stringify(['email']) })
      .where('id', '=', appId)
      .execute();
    const headers = await sentScopes(ann);
    expect(headers['x-platform-scopes']).toBe('email');
    for (const name of ['x-platform-user', 'x-platform-name', 'x-platform-group'])
      expect(headers[name]).toBeUndefined();
    expect((await read(ann)).json().scopes).toEqual(['email']);
  });

  it("one user's choice is not another's", async () => {
    expect((await read(ben)).json().scopes).toEqual([]);
    expect((await sentScopes(ben))['x-platform-scopes']).toBe('');
  });

  it('an app never approved is hidden from strangers but not from its organization; no token is 401', async () => {
    expect((await read(ben, 'secret-draft')).statusCode).toBe(404);
    expect((await put(ben, [], 'secret-draft')).statusCode).toBe(404);
    expect((await read(dev, 'secret-draft')).statusCode).toBe(200);
    expect((await read(ben, 'missing')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: url() })).statusCode).toBe(401);
  });
});
