// CORS on the client endpoints: origins in CORS_ORIGINS get the headers and their preflights answered (the
// proxy's own entry included); other origins, and the consoles' endpoints, get no CORS headers at all.
import { DEFAULT_MAP_LINK } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp } from './helpers/proxy-apps.js';

const ALLOWED = 'https://uni.example';
const OTHER = 'https://evil.example';

describe('CORS_ORIGINS', () => {
  it('is a list of bare origins or *; anything else stops the start-up', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/miniapps-cors-config' };
    expect(
      loadConfig({ ...base, CORS_ORIGINS: 'https://uni.example, http://localhost:5173/' }).corsOrigins,
    ).toEqual(['https://uni.example', 'http://localhost:5173']);
    expect(loadConfig({ ...base, CORS_ORIGINS: '*' }).corsOrigins).toBe('any');
    expect(loadConfig(base).corsOrigins).toEqual([]);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).corsOrigins).toBe('any');
    for (const bad of [
      'uni.example',
      'https://uni.example/app',
      'ftp://uni.example',
      'https://uni.example?x=1',
    ]) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('CORS on the client endpoints', () => {
  let t: TestPlatform;
  let user: SignedIn;
  beforeAll(async () => {
    t = await startTestPlatform('sqlite', { CORS_ORIGINS: ALLOWED });
    user = await t.login('ada@uni.example');
    const dev = await t.login('dev@uni.example');
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'canteen',
      live: [{ path: '/', json: { type: 'screen' } }],
    });
  });
  afterAll(async () => t?.close());

  const preflight = (url: string, origin: string, method = 'GET') =>
    t.request({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization',
      },
    });

  it('an allowed origin reads the catalog and its consent, errors included', async () => {
    const catalog = await t.request({
      method: 'GET',
      url: '/api/v1/catalog',
      headers: { ...user.auth, origin: ALLOWED },
    });
    expect(catalog.statusCode).toBe(200);
    expect(catalog.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(catalog.headers.vary).toMatch(/origin/i);
    const missing = await t.request({
      method: 'GET',
      url: '/api/v1/catalog/acme/ghost',
      headers: { ...user.auth, origin: ALLOWED },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(ALLOWED);
    const unauthorized = await t.request({
      method: 'GET',
      url: '/api/v1/me/apps/acme/canteen/consent',
      headers: { origin: ALLOWED },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('answers an allowed preflight on the API and on the proxy, and not for another origin', async () => {
    for (const url of [
      '/api/v1/catalog',
      '/api/v1/me/apps/acme/canteen/consent',
      '/functions/v1/miniapp-proxy/acme/canteen/screen/',
    ]) {
      const ok = await preflight(url, ALLOWED, url.includes('consent') ? 'PUT' : 'GET');
      expect(ok.statusCode, url).toBe(204);
      expect(ok.headers['access-control-allow-origin'], url).toBe(ALLOWED);
      expect(ok.headers['access-control-allow-headers'], url).toContain('authorization');
      expect(ok.headers['access-control-allow-methods'], url).toContain('PUT');
      const refused = await preflight(url, OTHER);
      expect(refused.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(refused.headers['access-control-allow-methods'], url).toBeUndefined();
    }
  });

  it('a proxied screen carries the headers for an allowed origin only', async () => {
    const url = '/functions/v1/miniapp-proxy/acme/canteen/screen/';
    const allowed = await t.request({ method: 'GET', url, headers: { ...user.auth, origin: ALLOWED } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    const other = await t.request({ method: 'GET', url, headers: { ...user.auth, origin: OTHER } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("never on the consoles' endpoints, whatever the origin", async () => {
    const orgs = await t.request({
      method: 'GET',
      url: '/api/v1/tokens',
      headers: { ...user.auth, origin: ALLOWED },
    });
    expect(orgs.headers['access-control-allow-origin']).toBeUndefined();
    const login = await preflight('/api/v1/dev/login', ALLOWED, 'POST');
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('/embed is public to every origin, and /embed/origin tells a page whether its origin is allowed', async () => {
    const origin = async (headers: Record<string, string>) => {
      const res = await t.request({ method: 'GET', url: '/embed/origin', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers.vary).toMatch(/origin/i);
      return res.json();
    };
    // Every answer carries the operator's map link (MAP_LINK_TEMPLATE, OpenStreetMap by default) for openMap.
    const mapLink = DEFAULT_MAP_LINK;
    expect(await origin({ origin: ALLOWED })).toEqual({ ok: true, origin: ALLOWED, allowed: true, mapLink });
    expect(await origin({ origin: OTHER })).toEqual({ ok: true, origin: OTHER, allowed: false, mapLink });
    // No Origin: the platform's own page (or not a browser), which CORS does not concern.
    expect(await origin({})).toEqual({ ok: true, origin: null, allowed: true, mapLink });
    // The script itself, its 404 and a not-yet-built 503 alike: a module script needs CORS to load at all.
    const missing = await t.request({
      method: 'GET',
      url: '/embed/miniapp-view.0000.js',
      headers: { origin: OTHER },
    });
    expect(missing.headers['access-control-allow-origin']).toBe('*');
  });

  it('without CORS_ORIGINS outside development, no origin gets CORS headers', async () => {
    const closed = await startTestPlatform('sqlite');
    try {
      const res = await closed.request({
        method: 'GET',
        url: '/api/v1/catalog',
        headers: { origin: ALLOWED },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const origin = await closed.request({
        method: 'GET',
        url: '/embed/origin',
        headers: { origin: ALLOWED },
      });
      expect(origin.json()).toEqual({ ok: true, origin: ALLOWED, allowed: false, mapLink: DEFAULT_MAP_LINK });
    } finally {
      await closed.close();
    }
  });
});
