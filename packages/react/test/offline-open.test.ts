// Opening a known app from the host kit's cache in chromium, with both renderers (<MiniApp> and <miniapp-view>): the
// network cut after one visit, a deploy shown on the next open, a second user, and a withdrawn consent.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { grant } from '../../server/test/helpers/proxy-apps.js';
import { ensureClientBuilt } from '../../web/scripts/ensure-built.js';
import { launchBrowser } from '../../web/test/helpers/chromium.js';
import { keptAnswers, useVersion, versionedApp } from '../../web/test/helpers/host-cache.js';
import { hostPage } from './helpers/browser-page.js';
import type { OpenOptions } from './helpers/test-page.js';

const start = (title: string) => ({
  type: 'screen',
  title: 'Notes',
  children: [
    { type: 'text', text: title },
    { type: 'textField', name: 'note', label: 'Note' },
    {
      type: 'button',
      label: 'Send',
      onTap: { actionType: 'networkRequest', url: '/send', method: 'POST', body: {} },
    },
  ],
});

describe.each(['MiniApp', 'miniapp-view'] as const)(
  'a known app opened from the cache with <%s>',
  (renderer) => {
    let t: TestPlatform;
    let baseUrl: string;
    let browser: Browser;
    let ada: SignedIn;
    let bob: SignedIn;

    beforeAll(async () => {
      if (renderer === 'miniapp-view') await ensureClientBuilt();
      t = await startTestPlatform('sqlite');
      baseUrl = await t.listen();
      browser = await launchBrowser();
      const dev = await t.login('dev@uni.example');
      ada = await t.login('ada@uni.example');
      bob = await t.login('bob@uni.example');
      await versionedApp(t, dev, 'notes', start);
      // An app with a scope, granted before the first open (so it opens without a prompt), withdrawn in a test.
      await versionedApp(t, dev, 'scoped', start);
      await t.platform.db
        .updateTable('apps')
        .set({ liveScopes: '["profile"]' })
        .where('slug', '=', 'scoped')
        .execute();
      await grant(t, ada, 'acme', 'scoped', ['profile']);
    });
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    /** A page of one browser context (so one IndexedDB) that opens the app as `who`. */
    async function firstPage(app = 'acme/notes'): Promise<Page> {
      if (renderer === 'MiniApp') return hostPage(browser, baseUrl);
      const context = await browser.newContext();
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await page.route(`${baseUrl}/__element-test`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><body><miniapp-view id="view" app="${app}"></miniapp-view><script type="module" src="${baseUrl}/embed/miniapp-view.js"></script></body></html>`,
        }),
      );
      await page.goto(`${baseUrl}/__element-test`);
      return page;
    }

    /** Opens the app on `page` as `who` (reloading it first unless fresh): the renderer from the page's script. */
    async function openAs(page: Page, who: SignedIn, reload = true, app = 'acme/notes'): Promise<void> {
      if (reload) await page.reload();
      if (renderer === 'MiniApp') {
        if (reload) await page.addScriptTag({ content: await scriptOf(page) });
        await page.evaluate((o) => window.openApp(o), {
          token: who.token,
          app,
          lang: 'en',
        } as OpenOptions);
        return;
      }
      await page.waitForFunction(() => customElements.get('miniapp-view') !== undefined);
      await page.evaluate((token) => {
        (document.getElementById('view') as unknown as { token: string }).token = token;
      }, who.token);
    }
    const scripts = new WeakMap<Page, string>();
    async function scriptOf(page: Page): Promise<string> {
      return scripts.get(page) ?? '';
    }

    /** The app not opened (nothing kept to open from): the reason shown, never the kept screen of before. */
    async function notOpened(page: Page): Promise<void> {
      await page
        .getByText(/could not be opened|could not be reached/)
        .first()
        .waitFor();
      expect(await page.getByText('Notes v1').count()).toBe(0);
      await page.context().close();
    }

    /** Cuts the platform off (its API and the proxy); the page's own address still loads. */
    async function cut(context: BrowserContext): Promise<() => Promise<void>> {
      const abort = (route: { abort(code: string): Promise<void> }) => route.abort('internetdisconnected');
      await context.route(`${baseUrl}/api/**`, abort);
      await context.route(`${baseUrl}/functions/**`, abort);
      return async () => {
        await context.unroute(`${baseUrl}/api/**`, abort);
        await context.unroute(`${baseUrl}/functions/**`, abort);
      };
    }

    async function opened(app = 'acme/notes'): Promise<Page> {
      const page = await firstPage(app);
      if (renderer === 'MiniApp') {
        // hostPage added the script once: kept to add again after each reload.
        scripts.set(
          page,
          await page.evaluate(() => document.scripts[document.scripts.length - 1]?.textContent ?? ''),
        );
      }
      await openAs(page, ada, false, app);
      await page.getByText('Notes v1').waitFor();
      return page;
    }

    /** Holds every answer of the platform (its API and the proxy) until the returned function is called. */
    async function hold(context: BrowserContext): Promise<{ answered: () => number; release(): void }> {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let answered = 0;
      const wait = async (route: { continue(): Promise<void> }) => {
        await held;
        await route.continue();
        answered++;
      };
      await context.route(`${baseUrl}/api/**`, wait);
      await context.route(`${baseUrl}/functions/**`, wait);
      return { answered: () => answered, release };
    }

    it('with the network cut after one visit, draws the kept start screen marked offline; an action says so and can be retried', async () => {
      const page = await opened();
      await cut(page.context());
      await openAs(page, ada);
      await page.getByText('Notes v1').waitFor();
      const offline = page
        .getByRole('status')
        .filter({ hasText: 'Offline: showing the saved version of this app.' });
      await offline.waitFor();
      await page.getByRole('button', { name: 'Send' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'You are offline: this needs the network.' });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Try again' }).click();
      await alert.waitFor();
      await page.context().close();
    });

    it('a warm open draws the kept start screen before the platform answers anything, and checks behind', async () => {
      const page = await opened();
      const platform = await hold(page.context());
      await openAs(page, ada);
      await page.getByText('Notes v1').waitFor();
      await page.getByLabel('Note').fill('still here');
      expect(platform.answered()).toBe(0);
      platform.release();
      // The check behind (the same consent, the same version) leaves the app as it is, with what was typed.
      await page.waitForTimeout(500);
      expect(platform.answered()).toBeGreaterThan(0);
      expect(await page.getByLabel('Note').inputValue()).toBe('still here');
      expect(await page.getByText('Offline').count()).toBe(0);
      await page.context().close();
    });

    it('a consent withdrawn elsewhere closes a warm-opened app once the check behind it answers', async () => {
      const page = await opened('acme/scoped');
      await grant(t, ada, 'acme', 'scoped', []);
      const platform = await hold(page.context());
      await openAs(page, ada, true, 'acme/scoped');
      await page.getByText('Notes v1').waitFor();
      platform.release();
      await page.getByRole('button', { name: 'Deny all' }).waitFor();
      expect(await page.getByText('Notes v1').count()).toBe(0);
      await page.context().close();
    });

    it("a second user on the same browser never sees the first user's kept screens", async () => {
      const page = await opened();
      await cut(page.context());
      await openAs(page, bob);
      await notOpened(page);
    });

    it('a deploy is shown on the next open in place of the kept screen, what the user typed kept, with no reload loop', async () => {
      const page = await opened();
      const screenCalls: string[] = [];
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page
        .context()
        .route(`${baseUrl}/functions/v1/miniapp-proxy/acme/notes/screen/**`, async (route) => {
          screenCalls.push(route.request().url());
          await held;
          await route.continue();
        });
      await useVersion(t, 'notes', 2);
      try {
        await openAs(page, ada);
        await page.getByText('Notes v1').waitFor();
        await page.getByLabel('Note').fill('buy milk');
        release();
        await page.getByText('Notes v2').waitFor();
        expect(await page.getByLabel('Note').inputValue()).toBe('buy milk');
        await page.waitForTimeout(500);
        expect(screenCalls).toHaveLength(1);
      } finally {
        await useVersion(t, 'notes', 1);
        await page.context().close();
      }
    });

    // The element keeps its host to itself; <MiniApp>'s host is the page's, as the web client's permissions page uses it.
    it.runIf(renderer === 'MiniApp')("withdrawing the app's consent clears what was kept of it", async () => {
      const page = await opened();
      const kept = async () => (await keptAnswers(page)).length;
      expect(await kept()).toBeGreaterThan(0);
      await page.evaluate(() => window.host.consent.revoke('acme/notes'));
      expect(await kept()).toBe(0);
      await cut(page.context());
      await openAs(page, ada);
      await notOpened(page);
    });
  },
);
