// Headers on every answer, over real sockets: nosniff always, HSTS when PUBLIC_URL is https, a CSP on /docs.
import { readFile } from 'node:fs/promises';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '../src/http/security-headers.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';
import { fillUrl, routeKey, routeTable, takesBody } from './helpers/route-table.js';

const home = [{ path: '/', json: { type: 'screen', children: [] } }];
const PAGE = 'https://page.example';

/** Requests that reach every kind of answer: Fastify's and the proxy entry's, successes, errors and preflights. */
function answers(base: string, user: SignedIn): Array<[string, () => Promise<Response>]> {
  const auth = { authorization: user.auth.authorization };
  return [
    ['a JSON answer', () => fetch(`${base}/healthz`)],
    ['a 401', () => fetch(`${base}/api/v1/me`)],
    ['a validation 400', () => fetch(`${base}/api/v1/catalog?limit=0`, { headers: auth })],
    ['a bad-text 400', () => fetch(`${base}/api/v1/catalog?q=%00`, { headers: auth })],
    ['a 404', () => fetch(`${base}/api/v1/nothing-here`)],
    ['an undecodable URL', () => fetch(`${base}/api/v1/orgs/%zz`, { headers: auth })],
    ['a Fastify preflight', () => preflight(`${base}/api/v1/catalog`)],
    ['a proxy screen', () => fetch(`${base}${PROXY}/acme/menu/screen/`, { headers: auth })],
    ['a proxy 401', () => fetch(`${base}${PROXY}/acme/menu/screen/`)],
    ['a proxy 404', () => fetch(`${base}${PROXY}/acme/none/screen/`, { headers: auth })],
    ['a proxy 405', () => fetch(`${base}${PROXY}/acme/menu/screen/`, { method: 'POST', headers: auth })],
    ['a proxy preflight', () => preflight(`${base}${PROXY}/acme/menu/screen/`)],
  ];
}

function preflight(url: string) {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { origin: PAGE, 'access-control-request-method': 'GET' },
  });
}

describe.each([
  ['https', 'https://miniapps.example', true],
  ['http', 'http://localhost:8787', false],
])('security headers with a PUBLIC_URL over %s', (_scheme, publicUrl, hsts) => {
  let t: TestPlatform;
  let base: string;
  let user: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform('sqlite', { PUBLIC_URL: publicUrl, CORS_ORIGINS: PAGE });
    const dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    await hostedApp(t, dev, { org: 'acme', slug: 'menu', live: home });
    base = await t.listen();
  });
  afterAll(() => t.close());

  it(`sends nosniff${hsts ? ' and HSTS' : ', and no HSTS,'} on every kind of answer`, async () => {
    const statuses: number[] = [];
    for (const [what, request] of answers(base, user)) {
      const res = await request();
      statuses.push(res.status);
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), what).toBe(hsts ? HSTS : null);
    }
    // The walk met what it meant to: successes, errors of both fronts and both preflights.
    expect(statuses).toEqual([200, 401, 400, 400, 404, 400, 204, 200, 401, 404, 405, 204]);
  });

  it('sends a CSP on the docs page, its files and its redirect', async () => {
    for (const path of ['/docs', '/docs/static/index.html', '/docs/static/swagger-initializer.js']) {
      const res = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBeLessThan(400);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp.includes('upgrade-insecure-requests'), path).toBe(hsts);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('security headers on every route of the route table', () => {
  const table = routeTable();
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform('sqlite', { PUBLIC_URL: 'https://miniapps.example' }, table.build);
  });
  afterAll(() => t.close());

  it('sends nosniff and HSTS from every route, whatever it answers', async () => {
    const seen = new Set<string>();
    for (const route of table.routes) {
      if (seen.has(routeKey(route))) continue;
      seen.add(routeKey(route));
      const res = await t.request({
        method: route.method as NonNullable<InjectOptions['method']>,
        url: fillUrl(route),
        ...(takesBody(route) && { payload: {} }),
      });
      expect(res.headers['x-content-type-options'], routeKey(route)).toBe('nosniff');
      expect(res.headers['strict-transport-security'], routeKey(route)).toBe(HSTS);
    }
    expect(seen.size).toBeGreaterThan(50);
  });
});

describe('deploy/Caddyfile', () => {
  it('sends HSTS from the TLS front too', async () => {
    const caddyfile = await readFile(new URL('../../../deploy/Caddyfile', import.meta.url), 'utf8');
    expect(caddyfile).toMatch(new RegExp(`Strict-Transport-Security "${HSTS}"`));
    expect(caddyfile).toMatch(/X-Content-Type-Options "nosniff"/);
  });
});

describe('the docs page under its CSP in Chromium', () => {
  let t: TestPlatform;
  let base: string;

  beforeAll(async () => {
    t = await startTestPlatform('sqlite', { PUBLIC_URL: 'http://127.0.0.1' });
    base = await t.listen();
  });
  afterAll(() => t.close());

  it('renders the API list with no CSP violation', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await page.goto(`${base}/docs`);
      await page.waitForSelector('.opblock-tag', { timeout: 15_000 });
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 30_000);
});
