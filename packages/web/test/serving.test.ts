// The platform serves the built client at `/`, falls back to index.html for client routes, and keeps API 404s JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { ensureClientBuilt } from '../scripts/ensure-built.js';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe.each(dialects)('the web client served by the platform on %s', (dialect) => {
  let t: TestPlatform;
  beforeAll(async () => {
    await ensureClientBuilt();
    t = await startTestPlatform(dialect);
  });
  afterAll(() => t?.close());

  it('answers / with the client page carrying the platform settings and a strict CSP', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<div id="root">');
    const match = /<meta name="miniapps-config" content="([^"]*)"/.exec(res.body);
    expect(JSON.parse(match![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'))).toEqual({
      env: 'test',
      devLogin: true,
      devInbox: true,
      oidc: null,
      mapLink:
        'https://www.openstreetmap.org/?mlat={latitude}&mlon={longitude}#map=17/{latitude}/{longitude}',
    });
  });

  it('serves built assets with a long cache, and index.html for client routes opened in a browser', async () => {
    const page = await t.request({ method: 'GET', url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)![1]!;
    const asset = await t.request({ method: 'GET', url: script });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');

    const route = await t.request({ method: 'GET', url: '/apps/acme/menu?page=/today', headers: html });
    expect(route.statusCode).toBe(200);
    expect(route.body).toBe(page.body);
  });

  it('keeps the JSON 404 for API paths and for callers that do not ask for HTML', async () => {
    for (const url of ['/api/v1/nope', '/api/v1/orgs/a/b/c/d', '/functions/v1/nope', '/api']) {
      const res = await t.request({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ ok: false, error: 'not_found' });
    }
    const plain = await t.request({ method: 'GET', url: '/nope' });
    expect(plain.statusCode).toBe(404);
    expect(plain.json()).toEqual({ ok: false, error: 'not_found', message: 'No route GET /nope' });
  });

  it('leaves API routes, health, metrics and docs in front of the client', async () => {
    expect((await t.request({ method: 'GET', url: '/healthz', headers: html })).json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: '/readyz', headers: html })).json()).toMatchObject({
      ok: true,
    });
    expect((await t.request({ method: 'GET', url: '/metrics', headers: html })).body).toContain('# HELP');
    const spec = await t.request({ method: 'GET', url: '/openapi.json', headers: html });
    expect(spec.json().paths['/api/v1/me']).toBeDefined();
    expect(spec.json().paths['/*']).toBeUndefined();
    const me = await t.request({ method: 'GET', url: '/api/v1/me', headers: html });
    expect(me.statusCode).toBe(401);
  });

  it('serves the service worker at /sw.js, revalidated every time and stamped with the page it keeps', async () => {
    const res = await t.request({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The platform put in the page's hash; the build's placeholder is gone.
    expect(res.body).not.toContain('__MINIAPPS_SHELL_VERSION__');
    expect(res.body).toMatch(/miniapps-shell-/);
    // The page lets it register, and the manifest load.
    const page = await t.request({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(page.headers['content-security-policy']).toContain("manifest-src 'self'");
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    // The same answer twice at once.
    const [a, b] = await Promise.all([1, 2].map(() => t.request({ method: 'GET', url: '/sw.js' })));
    expect(a!.body).toBe(b!.body);
  });

  it('serves a valid web app manifest whose icons and shortcuts exist', async () => {
    const res = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: 'Mini-apps', start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const file = await t.request({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      // The PNG's own width and height are what the manifest says.
      const png = file.rawPayload;
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
      sizes.add(icon.sizes);
    }
    // Chromium installs only with a 192 px and a 512 px icon.
    expect(sizes).toEqual(new Set(['192x192', '512x512']));
    for (const shortcut of manifest.shortcuts) {
      const route = await t.request({ method: 'GET', url: shortcut.url, headers: html });
      expect(route.statusCode, shortcut.url).toBe(200);
      expect(route.body).toContain('<div id="root">');
    }
  });

  it("serves a mini-app's own manifest for pinning it, whose name is only what the page said", async () => {
    const base = (await t.request({ method: 'GET', url: '/manifest.webmanifest' })).json();
    const res = await t.request({
      method: 'GET',
      url: '/apps/acme/canteen/manifest.webmanifest?name=Canteen%20%F0%9F%8D%B2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      id: '/apps/acme/canteen',
      name: 'Canteen 🍲',
      start_url: '/apps/acme/canteen',
      scope: '/apps/acme/canteen',
      display: 'standalone',
      icons: base.icons,
    });
    expect(manifest.shortcuts).toBeUndefined();
    // No name, a blank one or one longer than an app's name can be: the slug.
    for (const query of ['', '?name=', '?name=%20%20', `?name=${'a'.repeat(101)}`, '?name=a&name=b']) {
      const named = await t.request({
        method: 'GET',
        url: `/apps/acme/canteen/manifest.webmanifest${query}`,
      });
      expect(named.json().name, query).toBe('canteen');
    }
    const longest = await t.request({
      method: 'GET',
      url: `/apps/acme/canteen/manifest.webmanifest?name=${'a'.repeat(100)}`,
    });
    expect(longest.json().name).toBe('a'.repeat(100));
    // Not an org or a slug: the JSON 404, never a 500.
    for (const url of [
      '/apps/ACME/canteen/manifest.webmanifest',
      '/apps/a%2fb/c/manifest.webmanifest',
      '/apps/-x/canteen/manifest.webmanifest',
    ]) {
      const bad = await t.request({ method: 'GET', url, headers: html });
      expect(bad.statusCode, url).toBe(404);
      expect(bad.json()).toMatchObject({ ok: false, error: 'not_found' });
    }
  });

  it('never serves a file outside the build', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
