// The catalog prefetches the apps a user opened last: once the page is idle their start screens are in the host
// cache, so a deploy made since is drawn at the next open even with the proxy cut off, and marked offline.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { keptAnswers, useVersion, versionedApp } from './helpers/host-cache.js';

const start = (text: string) => ({ type: 'screen', title: 'Notes', children: [{ type: 'text', text }] });

describe.each(dialects)('the catalog prefetches recent apps on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let ada: SignedIn;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    const dev = await t.login('dev@uni.example');
    ada = await t.login('ada@uni.example');
    await versionedApp(t, dev, 'notes', start);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The start screens kept in the page's IndexedDB, as the texts they show. */
  const keptTexts = async (page: Page) =>
    (await keptAnswers(page))
      .map((body) => (body as { children?: Array<{ text?: unknown }> } | null)?.children?.[0]?.text)
      .filter((text) => typeof text === 'string');

  it('keeps the start screen of an app opened before fresh, and the next open draws it with the proxy cut', async () => {
    const page = await (await newContext(browser, { who: ada })).newPage();
    await page.goto(`${t.baseUrl}/apps/acme/notes`);
    await page.getByText('Notes v1').waitFor();
    // A deploy while the user is elsewhere; the catalog, idle, puts it into the cache.
    await useVersion(t, 'notes', 2);
    await page.goto(t.baseUrl);
    await page.getByRole('link', { name: /notes/i }).first().waitFor();
    await expect.poll(() => keptTexts(page), { timeout: 8000 }).toEqual(['Notes v2']);
    // The proxy cut off: the screen comes from what the catalog prefetched, marked offline.
    await page.context().route(`${t.baseUrl}/functions/**`, (route) => route.abort('internetdisconnected'));
    await page.goto(`${t.baseUrl}/apps/acme/notes`);
    await page.getByText('Notes v2').waitFor();
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    expect(await page.getByText('Notes v1').count()).toBe(0);
  });
});
