// The installable client in Chromium: its service worker keeps the shell, so a reload with the network cut still
// draws the client (with an offline notice); API answers are never kept by it; a new deploy offers "Reload to update".
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../server/src/platform.js';
import { DEFAULT_WEB_DIST, webClientRoutes } from '../../server/src/web/web-client.js';
import { dialects } from '../../server/test/helpers/databases.js';
import { remoteApp } from '../../server/test/helpers/proxy-apps.js';
import { ensureClientBuilt } from '../scripts/ensure-built.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

/** Resolves once a service worker controls the page (the first install claims it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** Chromium's install offer (`beforeinstallprompt` with prompt()), as the browser would make it; prompt() counts. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        const counted = window as unknown as { prompted?: number };
        counted.prompted = (counted.prompted ?? 0) + 1;
      },
    });
    window.dispatchEvent(offer);
  });
}

const prompted = (page: Page) =>
  page.evaluate(() => (window as unknown as { prompted?: number }).prompted ?? 0);

/** Every URL the worker's caches hold. */
function keptUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

describe.each(dialects)('the installed client on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    const ada = await t.login('ada@uni.example');
    context = await newContext(browser, { who: ada, serviceWorkers: 'allow' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('installs its worker, which keeps the shell, the bundle and <miniapp-view> with its lazy files', async () => {
    await page.goto(t.baseUrl);
    await page.getByRole('heading', { name: 'Mini-apps' }).waitFor();
    await controlled(page);
    const kept = await keptUrls(page);
    expect(kept).toContain('/');
    expect(kept).toContain('/manifest.webmanifest');
    const embed = JSON.parse(readFileSync(join(DEFAULT_WEB_DIST, 'embed', 'manifest.json'), 'utf8'));
    for (const file of [embed['miniapp-view.js'], ...embed.lazy]) expect(kept).toContain(`/embed/${file}`);
    const script = await page.locator('script[type=module]').getAttribute('src');
    expect(kept).toContain(script);
    // The first install is not an update: nothing to reload into.
    expect(await page.getByRole('button', { name: 'Reload to update' }).count()).toBe(0);
  });

  it('with the network cut, a reload draws the client with an offline notice, not the browser error page', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('link', { name: 'Mini-apps' }).waitFor();
      await page.getByText('You are offline.').waitFor();
      await page.getByText('The platform cannot be reached').waitFor();
      // The token is kept: offline is not signed out.
      expect(await page.evaluate(() => localStorage.getItem('miniapps.token'))).not.toBeNull();
      // A client route opened offline is the same shell.
      await page.goto(`${t.baseUrl}/apps/acme/menu?page=/today`);
      await page.getByText('You are offline.').waitFor();
      // The element loads offline by its stable name, from the kept module.
      // (A string: vitest would rewrite an import() inside a function.)
      const defined = await page.evaluate(
        "import(location.origin + '/embed/miniapp-view.js').then(() => customElements.get('miniapp-view') !== undefined)",
      );
      expect(defined).toBe(true);
    } finally {
      await context.setOffline(false);
    }
    // Back online, the session is checked again by itself and the catalog shows.
    await page.getByRole('navigation').getByRole('link', { name: 'Catalog' }).waitFor();
    await page.getByText('You are offline.').waitFor({ state: 'detached' });
  });

  it('says so in Russian for a Russian reader, the catalogue kept too', async () => {
    const ru = await newContext(browser, {
      who: await t.login('ivan@uni.example'),
      locale: 'ru-RU',
      serviceWorkers: 'allow',
    });
    const reader = await ru.newPage();
    await reader.goto(t.baseUrl);
    await reader.getByRole('heading', { name: 'Мини-приложения' }).waitFor();
    await controlled(reader);
    await ru.setOffline(true);
    await reader.reload();
    await reader.getByText('Нет подключения к сети.').waitFor();
    await reader.getByRole('button', { name: 'Повторить' }).waitFor();
    await ru.close();
  });

  it('offers "Install app" only while the browser offers installing, and hands the choice to the browser', async () => {
    await page.goto(t.baseUrl);
    await page.getByRole('heading', { name: 'Mini-apps' }).waitFor();
    const install = page.getByRole('button', { name: 'Install app' });
    // Headless Chromium makes no offer: nothing to press.
    expect(await install.count()).toBe(0);
    await offerInstall(page);
    await install.click();
    expect(await prompted(page)).toBe(1);
    // An offer is used once.
    await install.waitFor({ state: 'detached' });
  });

  it("pins a mini-app to the home screen as an app of its own, from the app's page", async () => {
    const dev = await t.login('chef@uni.example');
    await remoteApp(t, dev, { org: 'acme', slug: 'canteen', origin: 'https://origin.test:9' });
    // The catalog's name differs from the slug, so the manifest is seen to carry the page's name.
    await t.platform.db
      .updateTable('apps')
      .set({ liveName: 'Canteen' })
      .where('slug', '=', 'canteen')
      .execute();

    await page.goto(`${t.baseUrl}/apps/acme/canteen`);
    const link = page.locator('link[rel=manifest]');
    await page.waitForFunction(() =>
      document.querySelector('link[rel=manifest]')?.getAttribute('href')?.startsWith('/apps/acme/canteen/'),
    );
    const manifest = await page.evaluate(
      async (href) => (await fetch(href!)).json(),
      await link.getAttribute('href'),
    );
    expect(manifest).toMatchObject({
      id: '/apps/acme/canteen',
      name: 'Canteen',
      start_url: '/apps/acme/canteen',
    });

    // The offer made for the app's manifest is "Pin to home screen" by the app's name; the client's is not offered.
    await offerInstall(page);
    const pin = page.getByRole('button', { name: 'Pin to home screen' });
    await pin.click();
    expect(await prompted(page)).toBe(1);
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);

    // Leaving the app links the client's manifest again, and an offer made for the app is not carried over.
    await offerInstall(page);
    await pin.waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Catalog' }).click();
    await page.getByRole('heading', { name: 'Mini-apps' }).waitFor();
    expect(await link.getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);
  });

  it('never answers API or proxy requests from its caches, online or not', async () => {
    await page.goto(t.baseUrl);
    await page.getByRole('heading', { name: 'Mini-apps' }).waitFor();
    const kept = await keptUrls(page);
    expect(kept.filter((url) => /^\/(api|functions|auth)\//.test(url))).toEqual([]);
    await context.setOffline(true);
    try {
      const answer = await page.evaluate(() =>
        fetch('/api/v1/me').then(
          (response) => response.status,
          () => 'failed',
        ),
      );
      expect(answer).toBe('failed');
      // A navigation under /api/ is never answered with the shell.
      await expect(page.goto(`${t.baseUrl}/api/v1/catalog`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      await expect(page.goto(`${t.baseUrl}/functions/v1/miniapp-proxy/acme/menu/screen/`)).rejects.toThrow(
        /ERR_INTERNET_DISCONNECTED/,
      );
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('a new deploy of the client', () => {
  let dist: string;
  let server: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    await ensureClientBuilt();
    // A copy of the build that the test redeploys; the platform's own settings are not needed to serve the shell.
    dist = mkdtempSync(join(tmpdir(), 'miniapps-deploy-'));
    cpSync(DEFAULT_WEB_DIST, dist, { recursive: true });
    server = Fastify();
    const config = { env: 'test', devLogin: true, oidc: undefined, mapLink: 'https://maps.example/' };
    await server.register(webClientRoutes, { platform: { config } as unknown as Platform, distDir: dist });
    baseUrl = (await server.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('waits until the user chooses "Reload to update", then shows the new version once, with no reload loop', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await controlled(page);
    // A second tab of the client, open through the deploy.
    const other = await context.newPage();
    await other.goto(baseUrl);
    await controlled(other);

    // The deploy: a changed page (a new build or new settings) is a changed /sw.js.
    const index = join(dist, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace('<title>', '<meta name="deploy" content="2" /><title>'),
    );
    await page.reload();
    // The old worker still answers until the user agrees.
    expect(await page.locator('meta[name=deploy]').count()).toBe(0);
    const reload = page.getByRole('button', { name: 'Reload to update' });
    await reload.waitFor({ timeout: 20_000 });
    expect(await page.getByText('A new version of the client is ready.').count()).toBe(1);

    let loads = 0;
    page.on('load', () => loads++);
    await reload.click();
    await page.waitForFunction(() => document.querySelector('meta[name=deploy]') !== null);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // One reload, and it stays: no loop, and no offer left.
    await page.waitForTimeout(1_000);
    expect(loads).toBe(1);
    expect(await reload.count()).toBe(0);

    // The other tab still runs the old build: it offers the reload too, and takes the new version on it.
    expect(await other.locator('meta[name=deploy]').count()).toBe(0);
    await other.getByRole('button', { name: 'Reload to update' }).click();
    await other.waitForFunction(() => document.querySelector('meta[name=deploy]') !== null);
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});
