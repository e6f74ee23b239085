// Debian's chromium driven by playwright-core, and a platform serving the built client for it to open.
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** A browser context whose waits fail well inside the test's own timeout, so the failure says what was awaited. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  context.setDefaultTimeout(10_000);
  return context;
}

/** A page signed in as `who` (the token the dev login issued is put where the client keeps it). */
export async function pageAs(browser: Browser, baseUrl: string, who: SignedIn, path = '/'): Promise<Page> {
  const context = await newContext(browser);
  // A script string, not a function: this helper is also compiled without the DOM types (the CLI's tests use it).
  const key = JSON.stringify('miniapps.token');
  await context.addInitScript({
    content: `if (!localStorage.getItem(${key})) localStorage.setItem(${key}, ${JSON.stringify(who.token)});`,
  });
  const page = await context.newPage();
  await page.goto(baseUrl + path);
  return page;
}
