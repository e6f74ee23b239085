// A developer sets an app's store listing in the console; after approval users see it in the catalog and find the
// app by a word of its description in another case and script.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

describe.each(dialects)('the store listing in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let dev: SignedIn;
  let moderator: SignedIn;

  const api = (method: 'POST' | 'GET', url: string, who: SignedIn, payload: object = {}) =>
    t.request({ method, url, headers: who.auth, ...(method === 'POST' && { payload }) });

  beforeAll(async () => {
    // One organization holds the 58 apps of the paging test: more than the default quota of 50.
    t = await startWebPlatform(dialect, { QUOTA_APPS_PER_ORG: '100' });
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example');
    moderator = await t.login('mod@uni.example', { moderator: true });
    await api('POST', '/api/v1/orgs', dev, { id: 'acme', name: 'Acme University' });
    for (const [slug, name] of [
      ['timetable', 'Timetable'],
      ['canteen', 'Canteen'],
    ]) {
      const made = await api('POST', '/api/v1/orgs/acme/apps', dev, {
        slug,
        name,
        sourceKind: 'remote',
        origin: `https://${slug}.example.org`,
      });
      expect(made.statusCode).toBe(201);
      await api('POST', `/api/v1/moderation/apps/acme/${slug}/approve`, moderator);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('is edited in the app settings, waits for review, then shows and is searched in the catalog', async () => {
    const settings: Page = await pageAs(browser, t.baseUrl, dev, '/console/orgs/acme/apps/timetable');
    await settings.getByLabel('Short description').fill('Пары и аудитории на неделю');
    await settings.getByLabel('Category').selectOption('schedule');
    await settings.getByLabel('Icon (https address)').fill('https://cdn.example.org/timetable.png');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.locator('h1 .badge', { hasText: 'In review' }).waitFor();
    const app = (await api('GET', '/api/v1/orgs/acme/apps/timetable', dev)).json().app;
    expect(app).toMatchObject({
      description: 'Пары и аудитории на неделю',
      category: 'schedule',
      icon: 'https://cdn.example.org/timetable.png',
      status: 'pending_review',
    });
    // The moderator's review page names each listing change and shows the new icon.
    const review = await pageAs(browser, t.baseUrl, moderator, '/moderation/apps/acme/timetable');
    const summary = review.locator('.change-summary');
    await summary.getByText('Category: — → schedule').waitFor();
    await summary.getByText('Description: “—” → “Пары и аудитории на неделю”').waitFor();
    await summary.getByText('Icon: — → https://cdn.example.org/timetable.png').waitFor();
    expect(await summary.getByRole('img', { name: 'The new icon' }).getAttribute('src')).toBe(
      'https://cdn.example.org/timetable.png',
    );
    expect((await api('POST', '/api/v1/moderation/apps/acme/timetable/approve', moderator)).statusCode).toBe(
      200,
    );

    const reader = await pageAs(browser, t.baseUrl, await t.login('student@uni.example'), '/');
    const timetable = reader.locator('.catalog-item', { hasText: 'Timetable' });
    await timetable.getByText('Пары и аудитории на неделю').waitFor();
    await timetable.getByText('Acme University · schedule').waitFor();
    expect(await timetable.locator('img').getAttribute('src')).toBe('https://cdn.example.org/timetable.png');
    await reader.getByRole('searchbox', { name: 'Search mini-apps' }).fill('АУДИТОРИИ');
    await reader.getByRole('button', { name: 'Search' }).click();
    await reader.locator('.catalog-item', { hasText: 'Canteen' }).waitFor({ state: 'detached' });
    expect(await reader.locator('.catalog-item').allInnerTexts()).toEqual([
      expect.stringContaining('Timetable'),
    ]);
    await reader.getByRole('searchbox', { name: 'Search mini-apps' }).fill('nothing like this');
    await reader.getByRole('button', { name: 'Search' }).click();
    await reader.getByText('Nothing found for “nothing like this”.').waitFor();
  });

  it('pages through a catalog longer than one page, in the catalog and in the permission settings', async () => {
    // 55 more apps; the last in the catalog's order (by name) asks for the e-mail.
    const more = Array.from({ length: 55 }, (_, i) => ({ slug: `lab-${i}`, name: `Lab ${100 + i}` }));
    for (const { slug, name } of [...more, { slug: 'zebra', name: 'Zebra lab' }]) {
      await api('POST', '/api/v1/orgs/acme/apps', dev, {
        slug,
        name,
        sourceKind: 'remote',
        origin: `https://${slug}.example.org`,
        ...(slug === 'zebra' && { scopes: ['email'] }),
      });
      await api('POST', `/api/v1/moderation/apps/acme/${slug}/approve`, moderator);
    }
    const reader = await pageAs(browser, t.baseUrl, await t.login('pager@uni.example'), '/');
    const items = reader.locator('.catalog-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(50);
    await reader.getByRole('button', { name: 'More' }).click();
    await reader.locator('.catalog-item', { hasText: 'Zebra lab' }).waitFor();
    const names = await items.locator('h2').allInnerTexts();
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining([...more.map((app) => app.name), 'Zebra lab', 'Canteen']));
    expect(await reader.getByRole('button', { name: 'More' }).count()).toBe(0);

    const settings = await pageAs(browser, t.baseUrl, await t.login('pager@uni.example'), '/settings');
    const zebra = settings.getByRole('row', { name: /Zebra lab/ });
    await zebra.waitFor();
    expect(await zebra.textContent()).toContain('not asked yet');
  });
});
