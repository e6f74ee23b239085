// The studio's preview in Chromium: the app's strings in the language chosen for the preview, a dark scheme and a
// narrower phone, a binding to sample state, a list over a dataset, navigation between the app's screens and back
// (the editor staying where it was), a call held and shown instead of sent, and on a phone the page saying the
// editor needs a desktop while still offering the preview.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} in a screen string is a binding the client fills
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { axeViolations } from './helpers/axe.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const STUDIO = '/console/orgs/campus/apps/canteen/studio';

const start = {
  type: 'screen',
  title: 'Canteen',
  state: { dishes: [] },
  onLoad: { actionType: 'networkRequest', url: '/data/dishes', resultTo: 'state.dishes' },
  children: [
    { type: 'text', text: '${t.greeting}' },
    { type: 'text', text: 'Guest: ${state.guest}' },
    { type: 'list', itemsFrom: '${state.dishes}', itemTemplate: { type: 'listItem', title: '${item.name}' } },
    { type: 'button', label: 'Opening hours', onTap: { actionType: 'openPage', path: '/hours' } },
    {
      type: 'button',
      label: 'Order',
      onTap: { actionType: 'networkRequest', method: 'POST', url: '/orders', body: { dish: 'borscht' } },
    },
  ],
};
const hours = {
  type: 'screen',
  title: 'Hours',
  children: [{ type: 'text', text: 'Open from eight to four' }],
};

describe.each(dialects)('the studio preview in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let owner: SignedIn;
  let page: Page;

  const call = async (method: 'POST' | 'GET', url: string, payload?: object, headers = owner.auth) => {
    const res = await t.request({ method, url, headers, ...(payload && { payload }) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const preview = () => page.getByTestId('studio-preview');
  const appBackground = () =>
    preview()
      .locator('.ma-app')
      .evaluate((app) => getComputedStyle(app).backgroundColor);

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    owner = await t.login('preview-owner@uni.example');
    await call('POST', '/api/v1/orgs', { id: 'campus', name: 'Campus' });
    await call('POST', '/api/v1/orgs/campus/apps', {
      slug: 'canteen',
      name: 'Canteen',
      sourceKind: 'hosted',
    });
    const { token } = await call('POST', '/api/v1/tokens', { name: 'ci' });
    await call(
      'POST',
      '/functions/v1/miniapp-deploy',
      {
        organizationId: 'campus',
        slug: 'canteen',
        screens: [
          { path: '/', json: start },
          { path: '/hours', json: hours },
        ],
        data: { dishes: [{ name: 'Borscht' }, { name: 'Pelmeni' }] },
        strings: { en: { greeting: 'Good morning' }, ru: { greeting: 'Доброе утро' } },
      },
      { authorization: `Bearer ${token}` },
    );
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('draws the start screen with the app’s strings and a list over its dataset', async () => {
    // The client's CSP forbids inline scripts; axe is injected as one.
    const context = await newContext(browser, {
      who: owner,
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    page = await context.newPage();
    await page.goto(t.baseUrl + STUDIO);
    await preview().getByText('Good morning').waitFor();
    await expect
      .poll(() => preview().getByRole('listitem').allTextContents())
      .toEqual(['Borscht', 'Pelmeni']);
  });

  it('redraws the app’s strings and the renderer’s own texts in Russian, the console staying English', async () => {
    await page.getByLabel('Preview language').selectOption('ru');
    await preview().getByText('Доброе утро').waitFor();
    await preview().getByRole('button', { name: 'Назад' }).waitFor();
    expect(await preview().getAttribute('lang')).toBe('ru');
    await page.getByRole('heading', { name: 'Screen studio', level: 1 }).waitFor();
    await page.getByLabel('Preview language').selectOption('en');
    await preview().getByText('Good morning').waitFor();
  });

  it('draws the app dark, and in a narrower phone', async () => {
    const light = await appBackground();
    await page.getByLabel('Colour scheme').selectOption('dark');
    await expect.poll(appBackground).not.toBe(light);
    expect(await appBackground()).toBe('rgb(23, 25, 29)');
    // The app's own dark colours read well beside the console's (the page in light is in the axe run).
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Colour scheme').selectOption('light');
    await expect.poll(appBackground).toBe(light);

    const appWidth = async () => (await preview().locator('.ma-app').boundingBox())?.width;
    expect(await appWidth()).toBe(390);
    await page.getByLabel('Width').selectOption('320');
    await expect.poll(appWidth).toBe(320);
  });

  it('shows the sample state through a binding, and keeps it while the sample is broken', async () => {
    await preview().getByText('Guest:', { exact: true }).waitFor();
    const sample = page.getByLabel('Sample state (JSON)');
    await sample.fill('{"guest": "Ann"}');
    await preview().getByText('Guest: Ann').waitFor();
    await sample.fill('{"guest": "Bo');
    await page.getByText('Not a JSON object yet: the preview keeps the last one that was.').waitFor();
    expect(await sample.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(600);
    await preview().getByText('Guest: Ann').waitFor();
    // The sample sits over the screen's own state, and the dataset still fills the list.
    await expect
      .poll(() => preview().getByRole('listitem').allTextContents())
      .toEqual(['Borscht', 'Pelmeni']);
  });

  it('holds a call and shows what it would send', async () => {
    await preview().getByRole('button', { name: 'Order' }).click();
    const held = page.locator('.studio-calls');
    await held.getByRole('heading', { name: 'Held, not sent' }).waitFor();
    expect(await held.getByRole('listitem').allTextContents()).toEqual([
      `POST /orders${JSON.stringify({ dish: 'borscht' }, null, 2)}`,
    ]);
  });

  it('opens another screen of the app inside the preview, the editor staying put, and comes back', async () => {
    await preview().getByRole('button', { name: 'Opening hours' }).click();
    await preview().getByText('Open from eight to four').waitFor();
    expect(await preview().getByText('Good morning').isVisible()).toBe(false);
    await page.getByText('The preview shows /hours').waitFor();
    await page.getByRole('textbox', { name: 'JSON of the screen /' }).waitFor();
    await preview().getByRole('button', { name: 'Back' }).click();
    await preview().getByText('Good morning').waitFor();
    expect(await preview().getByText('Open from eight to four').isVisible()).toBe(false);
    // Shown in the editor only when asked.
    await preview().getByRole('button', { name: 'Opening hours' }).click();
    await page.getByRole('button', { name: 'Show in editor' }).click();
    await page.getByRole('textbox', { name: 'JSON of the screen /hours' }).waitFor();
    await preview().getByText('Open from eight to four').waitFor();
    await page.context().close();
  });

  it('says on a phone that the editor is a desktop tool and offers the preview, full width', async () => {
    page = await (await newContext(browser, { who: owner, viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(t.baseUrl + STUDIO);
    await page.getByText('The screen studio is a desktop tool', { exact: false }).waitFor();
    await preview().getByText('Good morning').waitFor();
    expect(await page.getByRole('textbox', { name: 'JSON of the screen /' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save as draft' }).isVisible()).toBe(false);
    const frame = await preview().boundingBox();
    expect(frame?.width).toBeGreaterThan(340);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
