// Debian's chromium driven by playwright-core, and a platform serving the built client for it to open.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { TestDialect } from '../../../server/test/helpers/databases.js';
import {
  type SignedIn,
  startTestPlatform,
  type TestPlatform,
} from '../../../server/test/helpers/platform.js';
import { ensureClientBuilt } from '../../scripts/ensure-built.js';

export { CHROMIUM, launchBrowser } from './chromium.js';

export interface WebPlatform extends TestPlatform {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
}

/** A real platform on a loopback port, serving a current build of the client. */
export async function startWebPlatform(
  dialect: TestDialect,
  env: Record<string, string> = {},
): Promise<WebPlatform> {
  await ensureClientBuilt();
  const t = await startTestPlatform(dialect, env);
  const baseUrl = await t.listen();
  return Object.assign(t, { baseUrl });
}

/** Options for a test's browser context: playwright's own, and who is signed in. */
export interface ContextOptions extends BrowserContextOptions {
  /** Signed in as this user: the token the dev login issued is put where the client keeps it. */
  who?: SignedIn;
}

/**
 * Traffic off loopback goes to a proxy on a closed loopback port, so it fails unsent; the platform and the tests'
 * helpers listen on loopback, which bypasses it. (A proxy rather than request routing, which would disable the cache.)
 */
const LOOPBACK_ONLY = { server: 'http://127.0.0.1:9', bypass: '127.0.0.1,localhost,[::1]' };

/**
 * A browser context whose waits fail well inside the test's own timeout, so the failure says what was awaited, and
 * whose traffic stays on loopback: a request anywhere else (an app's icon on cdn.example.org) is refused unsent.
 */
export async function newContext(
  browser: Browser,
  { who, ...options }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1200, height: 900 },
    proxy: LOOPBACK_ONLY,
    // The client's service worker would answer the page's requests out of the routes and request events tests
    // watch; test/installable.test.ts allows it.
    serviceWorkers: 'block',
    ...options,
  });
  context.setDefaultTimeout(10_000);
  if (who) {
    // A script string, not a function: this helper is also compiled without the DOM types (the CLI's tests use it).
    const key = JSON.stringify('miniapps.token');
    await context.addInitScript({
      content: `if (!localStorage.getItem(${key})) localStorage.setItem(${key}, ${JSON.stringify(who.token)});`,
    });
  }
  return context;
}

/** A page signed in as `who`, opened at `path`. */
export async function pageAs(browser: Browser, baseUrl: string, who: SignedIn, path = '/'): Promise<Page> {
  const page = await (await newContext(browser, { who })).newPage();
  await page.goto(baseUrl + path);
  return page;
}
