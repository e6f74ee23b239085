// A developer reads an app's usage statistics in the browser: today's exact opens and users, four charts, errors by code, in English and Russian; the charting library stays out of the main chunk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp, PROXY } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const dist = join(import.meta.dirname, '..', 'dist');
const screen = (title: string) => ({ type: 'screen', title, children: [{ type: 'text', text: title }] });

describe.each(dialects.slice(0, 1))('usage statistics page on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let dev: SignedIn;

  const open = async (locale: string, path: string): Promise<Page> => {
    const page = await (await newContext(browser, { locale, who: dev })).newPage();
    await page.goto(t.baseUrl + path);
    return page;
  };

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example');
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'menu',
      live: [
        { path: '/', json: screen('Home') },
        { path: '/dishes', json: screen('Dishes') },
      ],
    });
    // 4 users: 7 opens between them, 2 more screen views, one screen that does not exist.
    for (let i = 0; i < 4; i++) {
      const user = await t.login(`user${i}@uni.example`);
      const get = (path: string) =>
        t.request({ method: 'GET', url: `${PROXY}/acme/menu/screen${path}`, headers: user.auth });
      for (let n = 0; n < (i === 0 ? 4 : 1); n++) await get('/');
      if (i < 2) await get('/dishes');
      if (i === 3) await get('/missing');
    }
    // The counts reach the database with the next flush (every second).
    const today = new Date().toISOString().slice(0, 10);
    for (let waited = 0; waited < 5_000; waited += 100) {
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/orgs/acme/apps/menu/stats?from=${today}&to=${today}`,
        headers: dev.auth,
      });
      if (res.json().days[0].opens === 7) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows today’s exact opens and users, the charts and the errors by code', async () => {
    const page = await open('en-US', '/console/orgs/acme/apps/menu');
    await page.getByRole('link', { name: 'Usage statistics' }).click();
    await page.getByRole('heading', { name: 'Usage statistics' }).waitFor();
    await expect.poll(() => page.getByTestId('total-opens').locator('dd').textContent()).toBe('7');
    expect(await page.getByTestId('total-users').locator('dd').textContent()).toBe('4');
    expect(await page.getByTestId('total-screen-views').locator('dd').textContent()).toBe('9');
    const today = new Date().toISOString().slice(0, 10);
    const row = page.locator(`[data-testid="stats-days"] tr[data-day="${today}"]`);
    expect(await row.locator('[data-field="opens"]').textContent()).toBe('7');
    expect(await row.locator('[data-field="users"]').textContent()).toBe('4');
    // Thirty days by default, each a row; the day reads as Intl writes it in English.
    expect(await page.locator('[data-testid="stats-days"] tbody tr').count()).toBe(30);
    const todayText = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(),
    );
    expect(await row.locator('td').first().textContent()).toBe(todayText);
    for (const chart of ['usage', 'api', 'latency', 'pushes']) {
      await page.getByTestId(`chart-${chart}`).locator('canvas').waitFor();
    }
    expect(await page.getByTestId('chart-usage').locator('.u-legend').textContent()).toContain('Opens');
    expect(await page.getByTestId('stats-errors').textContent()).toContain('not_found');
    // Another period asks the API again: a year is 365 rows.
    await page.getByRole('button', { name: 'Last 365 days' }).click();
    await expect.poll(() => page.locator('[data-testid="stats-days"] tbody tr').count()).toBe(365);
  });

  it('reads in Russian: words, numbers and dates through Intl', async () => {
    const page = await open('ru-RU', '/console/orgs/acme/apps/menu/stats');
    await page.getByRole('heading', { name: 'Статистика использования' }).waitFor();
    await page.getByRole('button', { name: 'Последние 30 дней' }).waitFor();
    await page.getByRole('button', { name: 'Последний 7 дней' }).waitFor({ state: 'detached' });
    const todayText = new Intl.DateTimeFormat('ru', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(),
    );
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(() => page.locator(`[data-testid="stats-days"] tr[data-day="${today}"] td`).first().textContent())
      .toBe(todayText);
    expect(await page.getByTestId('chart-usage').locator('.u-legend').textContent()).toContain('Открытия');
  });

  it('loads the charting library only with the statistics page', () => {
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(index)?.[1];
    expect(entry).toBeDefined();
    const main = readFileSync(join(dist, 'assets', entry!), 'utf8');
    // uPlot's own method and class names mark its code.
    const isUplot = (code: string) => code.includes('setSeries') && code.includes('"uplot"');
    expect(isUplot(main)).toBe(false);
    const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && f !== entry);
    const withChart = chunks.filter((f) => isUplot(readFileSync(join(dist, 'assets', f), 'utf8')));
    expect(withChart).toHaveLength(1);
    expect(withChart[0]).toMatch(/^stats-page/);
  });
});
