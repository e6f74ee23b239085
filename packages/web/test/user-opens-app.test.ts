// A user signs in, opens a remote mini-app, grants one scope, moves with openPage and sends a form through the proxy.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { originEnv } from '../../server/test/helpers/proxy-apps.js';
import { expectAppSessionsOnly, recordBearers } from './helpers/bearers.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { type CanteenOrigin, startCanteenOrigin } from './helpers/canteen-origin.js';

describe.each(dialects)('a user opens a mini-app in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let origin: CanteenOrigin;
  let browser: Browser;
  let page: Page;
  let dev: SignedIn;
  let moderator: SignedIn;
  let bearers: ReturnType<typeof recordBearers>;

  beforeAll(async () => {
    origin = await startCanteenOrigin();
    t = await startWebPlatform(dialect, originEnv(testCertificates().caFile));
    browser = await launchBrowser();
    // Registered and approved through the API, as a developer and a moderator would.
    dev = await t.login('chef@uni.example');
    moderator = await t.login('mod@uni.example', { moderator: true });
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: dev.auth,
      payload: { id: 'acme', name: 'Acme University' },
    });
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/orgs/acme/apps',
      headers: dev.auth,
      payload: {
        slug: 'canteen',
        name: 'Canteen',
        sourceKind: 'remote',
        origin: `https://origin.test:${origin.port}`,
        scopes: ['email', 'group'],
      },
    });
    expect(created.statusCode).toBe(201);
    const approved = await t.request({
      method: 'POST',
      url: '/api/v1/moderation/apps/acme/canteen/approve',
      headers: moderator.auth,
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    page = await (await newContext(browser)).newPage();
    bearers = recordBearers(page);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await origin?.close();
  });

  it('signs in with the dev login and sees the published app in the catalog', async () => {
    await page.goto(t.baseUrl);
    await page.getByLabel('E-mail').fill('ada@uni.example');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Group').fill('MT-21');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: /Canteen/ }).waitFor();
    // The name names the person in the bar; the e-mail is its title.
    expect(await page.getByRole('navigation').textContent()).toContain('Ada Lovelace');
    expect(await page.locator('.nav-user').getAttribute('title')).toBe('ada@uni.example');
  });

  it('asks at first launch for each declared scope separately, and passes only the granted one', async () => {
    await page.getByRole('link', { name: /Canteen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Canteen asks for permissions' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(2);
    await dialog.getByRole('checkbox', { name: /E-mail/ }).check();
    expect(await dialog.getByRole('checkbox', { name: /Study group/ }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Allow selected' }).click();
    await page.getByText('Granted scopes: email').waitFor();
    // The breadcrumb names the app, with its permissions beside it.
    const crumbs = page.locator('.crumbs');
    await crumbs.getByText('Canteen').waitFor();
    expect(await crumbs.textContent()).toBe('Catalog › Canteen · Permissions');
  });

  it('shows an unknown widget as a placeholder outside production, and a readable error for a failing action', async () => {
    expect(await page.locator('[data-unknown-widget="carousel"]').textContent()).toContain(
      'is not a known widget',
    );
    await page.getByRole('button', { name: 'Broken' }).click();
    const error = page.locator('.ma-error[role="alert"]');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/GET \/api\/broken failed: .*\(origin_invalid_json\)/);
  });

  it('opens a page with openPage, mirrored in the address, and submits the form to the origin', async () => {
    await page.getByRole('button', { name: 'Order lunch' }).click();
    await page.getByRole('heading', { name: 'Order' }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('/order');
    await page.getByLabel('Dish').fill('Borscht');
    await page.getByLabel('Size').selectOption('large');
    await page.getByLabel('Take away').check();
    await page.getByRole('button', { name: 'Send order' }).click();
    await page.getByText('Last order: Borscht (large) for ada@uni.example').waitFor();
    await page.getByText('Order sent').waitFor();

    expect(origin.orders).toHaveLength(1);
    const order = origin.orders[0]!;
    expect(order.body).toEqual({ source: 'web', dish: 'Borscht', size: 'large', takeaway: true });
    expect(order.headers['x-platform-email']).toBe('ada@uni.example');
    expect(order.headers['x-platform-group']).toBeUndefined();
    expect(order.headers.authorization).toBeUndefined();
  });

  it('an empty required field stops the form before anything is sent', async () => {
    await page.goto(`${t.baseUrl}/apps/acme/canteen?page=${encodeURIComponent('/order')}`);
    await page.getByRole('button', { name: 'Send order' }).click();
    expect(
      await page.getByLabel('Dish').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    expect(origin.orders).toHaveLength(1);
  });

  it('a deep link opens that page over the start page, and back leads to the start', async () => {
    await page.goto(`${t.baseUrl}/apps/acme/canteen?page=${encodeURIComponent('/orders/last')}`);
    await page.getByText('Last order: Borscht').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Granted scopes: email').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('/');
  });

  it('the settings page changes the choice at any time, and the origin sees the new one', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    const row = page.getByRole('row', { name: /Canteen/ });
    expect(await row.textContent()).toContain('E-mail');
    await row.getByRole('link', { name: 'Change' }).click();
    await page.getByRole('checkbox', { name: /E-mail/ }).uncheck();
    await page.getByRole('checkbox', { name: /Study group/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. The app receives: Study group.').waitFor();
    await page.getByRole('link', { name: 'Open the app' }).click();
    await page.getByText('Granted scopes: group').waitFor();
    // Chosen once: no dialog on later launches.
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('asks again, about the new scope only, after an approved update declares one', async () => {
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/v1/orgs/acme/apps/canteen',
      headers: dev.auth,
      payload: { scopes: ['email', 'profile', 'group'] },
    });
    expect(changed.statusCode).toBe(200);
    await t.request({
      method: 'POST',
      url: '/api/v1/moderation/apps/acme/canteen/approve',
      headers: moderator.auth,
      payload: {},
    });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Canteen asks for new permissions' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('the app also asks for: Profile.');
    expect(await dialog.getByRole('checkbox', { name: /Study group/ }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: /Profile/ }).check();
    await dialog.getByRole('button', { name: 'Allow selected' }).click();
    await page.getByText('Granted scopes: profile,group').waitFor();
    await page.reload();
    await page.getByText('Granted scopes: profile,group').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("sent every call of the app's screens with its session token, never the user's JWT", async () => {
    const userToken = await page.evaluate(() => localStorage.getItem('miniapps.token'));
    const proxied = expectAppSessionsOnly(await bearers.sent(), userToken!, 'acme/canteen');
    // Screens, the failing action and the form's POST all went through the proxy.
    expect(proxied.some((c) => c.method === 'POST' && c.url.includes('/api/'))).toBe(true);
    expect(proxied.filter((c) => c.url.includes('/screen/')).length).toBeGreaterThan(5);
  });
});
