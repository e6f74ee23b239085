// The proxy in front of a real https origin: routes, methods, what the origin receives, live versus preview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { grant, originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

describe.each(dialects)('proxy to a remote origin on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let dev: SignedIn;
  let user: SignedIn;
  let moderator: SignedIn;
  let base: string;
  let headBase: string;

  beforeAll(async () => {
    const certs = testCertificates();
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, originEnv(certs.caFile));
    dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example', { fullName: 'Ada Łukasiewicz', course: '2', group: 'МТ-21' });
    moderator = await t.login('mod@uni.example', { moderator: true });
    base = `https://origin.test:${origin.port}`;
    headBase = `https://head.origin.test:${origin.port}`;
    await remoteApp(t, dev, {
      org: 'acme',
      slug: 'notes',
      origin: base,
      scopes: ['identity', 'email', 'profile', 'group'],
    });
    await remoteApp(t, dev, {
      org: 'acme',
      slug: 'moving',
      origin: base,
      headOrigin: headBase,
      status: 'pending_review',
      scopes: ['email'],
      headScopes: ['email', 'identity'],
    });
    await remoteApp(t, dev, { org: 'acme', slug: 'frozen', origin: base, status: 'suspended' });
    await remoteApp(t, dev, { org: 'acme', slug: 'unreviewed', origin: base, approved: false });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const call = (
    method: string,
    path: string,
    who?: SignedIn,
    extra: Record<string, string> = {},
    payload?: string,
  ) =>
    t.request({
      method: method as 'GET',
      url: `${PROXY}${path}`,
      headers: { ...(who?.auth ?? {}), ...extra },
      ...(payload !== undefined && { payload }),
    });
  const lastRequest = () => origin.requests.at(-1)!;

  describe('routes and methods', () => {
    it('a screen is a GET of the same path on the origin, answered with its JSON and status', async () => {
      const res = await call('GET', '/acme/notes/screen/lists/today', user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toMatchObject({ method: 'GET', url: '/lists/today' });
      expect(lastRequest().headers.host).toBe(`origin.test:${origin.port}`);
    });

    it('the screen root is the origin root, with or without the trailing slash', async () => {
      for (const path of ['/acme/notes/screen', '/acme/notes/screen/']) {
        const res = await call('GET', path, user);
        expect(res.statusCode).toBe(200);
        expect(res.json().url).toBe('/');
      }
    });

    it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])(
      'api %s keeps the method, query and body',
      async (method) => {
        const body = method === 'GET' ? undefined : JSON.stringify({ n: 1, text: 'привет' });
        const res = await call(
          method,
          '/acme/notes/api/items/7?sort=asc&page=2',
          user,
          { 'content-type': 'application/json' },
          body,
        );
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ method, url: '/items/7?sort=asc&page=2', body: body ?? '' });
        if (body) expect(lastRequest().headers['content-type']).toBe('application/json');
      },
    );

    it('a body that is not JSON still goes through byte for byte, with its content type', async () => {
      const res = await call(
        'POST',
        '/acme/notes/api/upload',
        user,
        { 'content-type': 'text/plain; charset=utf-8' },
        'plain text ✓',
      );
      expect(res.statusCode).toBe(200);
      expect(lastRequest()).toMatchObject({ body: 'plain text ✓' });
      expect(lastRequest().headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it.each(['HEAD', 'OPTIONS', 'TRACE'])('api %s is 405 method_not_allowed with Allow', async (method) => {
      const before = origin.requests.length;
      const res = await call(method, '/acme/notes/api/items', user);
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      if (method !== 'HEAD') expect(res.json()).toMatchObject({ ok: false, error: 'method_not_allowed' });
      expect(origin.requests.length).toBe(before);
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])(
      'screen %s is 405 (screens are read with GET)',
      async (method) => {
        const res = await call(method, '/acme/notes/screen/', user, {}, method === 'HEAD' ? undefined : '{}');
        expect(res.statusCode).toBe(405);
        expect(res.headers.allow).toBe('GET');
      },
    );

    it('the origin’s own JSON errors pass through with their status', async () => {
      for (const status of [201, 400, 401, 404, 418, 500, 503]) {
        const res = await call('GET', `/acme/notes/api/status/${status}`, user);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ ok: false, error: `status_${status}` });
      }
    });
  });

  describe('who may call', () => {
    it('no token, a bad token: 401 unauthorized, and the origin is not called', async () => {
      const before = origin.requests.length;
      for (const headers of [
        {},
        { authorization: 'Bearer nope' },
        { authorization: `Bearer ${user.token}x` },
      ]) {
        const res = await call('GET', '/acme/notes/screen/', undefined, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe('unauthorized');
      }
      expect(origin.requests.length).toBe(before);
    });

    it('a first visit with a valid token creates the profile from its claims; a token naming nobody is 401', async () => {
      const issue = t.platform.userTokens.issue!;
      const fresh = await issue({ sub: crypto.randomUUID(), email: 'new@uni.example', name: 'New Person' });
      const res = await call('GET', '/acme/notes/screen/', undefined, { authorization: `Bearer ${fresh}` });
      expect(res.statusCode).toBe(200);
      const row = await t.platform.db
        .selectFrom('users')
        .select('fullName')
        .where('email', '=', 'new@uni.example')
        .executeTakeFirst();
      expect(row?.fullName).toBe('New Person');
      const nobody = await issue({ sub: crypto.randomUUID() });
      const refused = await call('GET', '/acme/notes/screen/', undefined, {
        authorization: `Bearer ${nobody}`,
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe('unauthorized');
    });

    it('a token stays good for repeated requests, and an expired one is refused even after it was accepted', async () => {
      const issue = t.platform.userTokens.issue!;
      // Two seconds: `exp` is whole seconds, so a one-second token issued late in a second could lapse before
      // the first request on a loaded machine (it flaked in CI).
      const shortLived = await issue({ sub: user.user.id, email: 'user@uni.example' }, 2);
      const first = await call('GET', '/acme/notes/screen/', undefined, {
        authorization: `Bearer ${shortLived}`,
      });
      expect(first.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3100));
      const later = await call('GET', '/acme/notes/screen/', undefined, {
        authorization: `Bearer ${shortLived}`,
      });
      expect(later.statusCode).toBe(401);
    });

    it('an unknown app or organization is 404 app_not_found', async () => {
      for (const path of [
        '/acme/nope/screen/',
        '/nope/notes/screen/',
        '/ACME/notes/screen/',
        '/a%2fb/notes/screen/',
      ]) {
        const res = await call('GET', path, user);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('app_not_found');
      }
    });

    it('a suspended app is 403 app_unavailable; so is an app never approved', async () => {
      for (const slug of ['frozen', 'unreviewed']) {
        const res = await call('GET', `/acme/${slug}/screen/`, user);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe('app_unavailable');
      }
    });

    it('an app in review keeps serving its approved origin and scopes to users', async () => {
      await grant(t, user, 'acme', 'moving', ['email', 'identity']);
      const res = await call('GET', '/acme/moving/screen/', user);
      expect(res.statusCode).toBe(200);
      expect(lastRequest().headers.host).toBe(`origin.test:${origin.port}`);
      expect(lastRequest().headers['x-platform-scopes']).toBe('email');
      expect(lastRequest().headers['x-platform-user']).toBeUndefined();
    });

    it('the owner’s org and moderators preview the head origin and scopes with X-Miniapps-Preview', async () => {
      await grant(t, dev, 'acme', 'moving', ['email', 'identity']);
      await grant(t, moderator, 'acme', 'moving', ['identity']);
      for (const who of [dev, moderator]) {
        const res = await call('GET', '/acme/moving/screen/', who, { 'x-miniapps-preview': '1' });
        expect(res.statusCode).toBe(200);
        expect(lastRequest().headers.host).toBe(`head.origin.test:${origin.port}`);
        expect(lastRequest().headers['x-platform-user']).toBe(who.user.id);
      }
      const frozen = await call('GET', '/acme/unreviewed/screen/', dev, { 'x-miniapps-preview': '1' });
      expect(frozen.statusCode).toBe(200);
    });

    it('an ordinary user asking for a preview is 403 forbidden', async () => {
      const res = await call('GET', '/acme/moving/screen/', user, { 'x-miniapps-preview': '1' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('forbidden');
    });
  });

  describe('what the origin receives', () => {
    it('identity headers follow the granted scopes exactly', async () => {
      await grant(t, user, 'acme', 'notes', ['identity', 'email', 'profile', 'group']);
      await call('GET', '/acme/notes/screen/', user);
      const h = lastRequest().headers;
      expect(h['x-platform-app-user']).toMatch(/^[0-9a-f]{64}$/);
      expect(h['x-platform-scopes']).toBe('identity,email,profile,group');
      expect(h['x-platform-user']).toBe(user.user.id);
      expect(h['x-platform-email']).toBe('user@uni.example');
      expect(Buffer.from(String(h['x-platform-name']), 'base64').toString('utf8')).toBe('Ada Łukasiewicz');
      expect(h['x-platform-course']).toBe('2');
      expect(Buffer.from(String(h['x-platform-group']), 'base64').toString('utf8')).toBe('МТ-21');
      expect(h['x-platform-signature']).toBeUndefined();
      expect(h['x-platform-timestamp']).toBeUndefined();
    });

    it('with no scopes granted only the pseudonym and an empty scope list go', async () => {
      await grant(t, user, 'acme', 'notes', []);
      await call('GET', '/acme/notes/screen/', user);
      const platformHeaders = Object.keys(lastRequest().headers).filter((k) => k.startsWith('x-platform-'));
      expect(platformHeaders.sort()).toEqual(['x-platform-app-user', 'x-platform-scopes']);
      expect(lastRequest().headers['x-platform-scopes']).toBe('');
    });

    it('each scope alone sends only its own headers', async () => {
      const expected = {
        identity: ['x-platform-user'],
        email: ['x-platform-email'],
        profile: ['x-platform-course', 'x-platform-name'],
        group: ['x-platform-group'],
      } as const;
      for (const [scope, headers] of Object.entries(expected)) {
        await grant(t, user, 'acme', 'notes', [scope as keyof typeof expected]);
        await call('GET', '/acme/notes/screen/', user);
        const sent = Object.keys(lastRequest().headers).filter(
          (k) => k.startsWith('x-platform-') && k !== 'x-platform-app-user' && k !== 'x-platform-scopes',
        );
        expect(sent.sort()).toEqual([...headers]);
        expect(lastRequest().headers['x-platform-scopes']).toBe(scope);
      }
    });

    it('the app-user id is stable for one app and differs between apps', async () => {
      await call('GET', '/acme/notes/screen/', user);
      const first = lastRequest().headers['x-platform-app-user'];
      await call('GET', '/acme/notes/api/x', user);
      expect(lastRequest().headers['x-platform-app-user']).toBe(first);
      await call('GET', '/acme/moving/screen/', user);
      expect(lastRequest().headers['x-platform-app-user']).not.toBe(first);
      await call('GET', '/acme/notes/screen/', dev);
      expect(lastRequest().headers['x-platform-app-user']).not.toBe(first);
    });

    it('never the JWT, cookies, forged X-Platform-* or other client headers; only the allow-list', async () => {
      await grant(t, user, 'acme', 'notes', []);
      await call(
        'POST',
        '/acme/notes/api/echo',
        user,
        {
          cookie: 'session=secret',
          'x-platform-user': 'forged-user',
          'x-platform-scopes': 'identity,email',
          'X-Platform-Email': 'forged@evil.example',
          'x-forwarded-for': '10.0.0.1',
          'x-custom': 'nope',
          'accept-language': 'ru-RU,ru;q=0.9',
          'content-type': 'application/json',
          referer: 'https://client.example/',
        },
        '{}',
      );
      const h = lastRequest().headers;
      expect(h.authorization).toBeUndefined();
      expect(h.cookie).toBeUndefined();
      expect(h['x-platform-user']).toBeUndefined();
      expect(h['x-platform-email']).toBeUndefined();
      expect(h['x-platform-scopes']).toBe('');
      expect(h['x-forwarded-for']).toBeUndefined();
      expect(h['x-custom']).toBeUndefined();
      expect(h.referer).toBeUndefined();
      expect(h['accept-language']).toBe('ru-RU,ru;q=0.9');
      expect(h['content-type']).toBe('application/json');
      expect(h['accept-encoding']).toBe('identity');
      expect(JSON.stringify(h)).not.toContain(user.token);
    });

    it('query keys over 64 and values over 512 characters are dropped; the rest stays in order', async () => {
      const k64 = 'k'.repeat(64);
      const k65 = 'k'.repeat(65);
      const v512 = 'v'.repeat(512);
      const v513 = 'v'.repeat(513);
      const encoded512 = '%D0%B6'.repeat(512); // 512 characters once decoded
      const query = `a=1&${k65}=x&${k64}=y&b=${v513}&c=${v512}&d=${encoded512}&e=${encoded512}%D0%B6&flag&z=2`;
      const res = await call('GET', `/acme/notes/api/search?${query}`, user);
      expect(res.statusCode).toBe(200);
      expect(lastRequest().url).toBe(`/search?a=1&${k64}=y&c=${v512}&d=${encoded512}&flag&z=2`);
    });
  });
});
