// The development push inbox in Chromium: a user turns it on, a push sent with the notify endpoint shows in the list
// (and as the browser's notification), and opening it lands on the app at the push's page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const screen = (text: string) => ({ type: 'screen', title: text, children: [{ type: 'text', text }] });

describe.each(dialects)('development push inbox in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let page: Page;
  let ada: SignedIn;
  let deployToken: string;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    const dev = await t.login('dev@uni.example');
    const moderator = await t.login('mod@uni.example', { moderator: true });
    ada = await t.login('ada@uni.example');
    const call = async (method: 'POST' | 'PUT', url: string, payload: object, headers = dev.auth) => {
      const res = await t.request({ method, url, headers, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await call('POST', '/api/v1/orgs', { id: 'acme', name: 'Acme' });
    await call('POST', '/api/v1/orgs/acme/apps', {
      slug: 'news',
      name: 'News',
      sourceKind: 'hosted',
      scopes: ['notifications'],
    });
    deployToken = (await call('POST', '/api/v1/tokens', { name: 'ci' })).token;
    await call(
      'POST',
      '/functions/v1/miniapp-deploy',
      {
        organizationId: 'acme',
        slug: 'news',
        submit: true,
        screens: [
          { path: '/', json: screen('Front page') },
          { path: '/news/42', json: screen('Article 42 in full') },
        ],
      },
      { authorization: `Bearer ${deployToken}` },
    );
    await call('POST', '/api/v1/moderation/apps/acme/news/approve', {}, moderator.auth);
    // Ada allowed the app's notifications earlier (its consent screen).
    await call('PUT', '/api/v1/me/apps/acme/news/consent', { scopes: ['notifications'] }, ada.auth);

    // Notifications allowed for the page; the page's Notification is recorded to see what the browser was asked to show.
    const context = await newContext(browser, { who: ada, permissions: ['notifications'] });
    await context.addInitScript({
      content: `{
        const Real = window.Notification;
        window.__shown = [];
        window.Notification = class extends Real {
          constructor(title, options) { super(title, options); window.__shown.push({ title, body: options && options.body }); }
        };
        Object.defineProperty(window.Notification, 'permission', { get: () => Real.permission });
        window.Notification.requestPermission = (...a) => Real.requestPermission(...a);
      }`,
    });
    page = await context.newPage();
    await page.goto(t.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('opens the inbox from the bell in the bar and turns receiving on', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('heading', { name: 'Notifications (development)' }).waitFor();
    await page.getByText('No pushes yet. Turn on receiving above, then send one.').waitFor();
    // The box turns on once the device is registered (a controlled box: click, then see it checked).
    const receive = page.getByRole('checkbox', { name: 'Receive pushes in this browser (development)' });
    await receive.click();
    await page
      .getByRole('checkbox', { name: 'Receive pushes in this browser (development)', checked: true })
      .waitFor();
    await page.getByText('No pushes yet. This browser is receiving: send one.').waitFor();
    const devices = await t.request({ method: 'GET', url: '/api/v1/me/devices', headers: ada.auth });
    expect(devices.json().devices).toMatchObject([{ platform: 'web-dev', clientApp: 'miniapps-web' }]);
  });

  it('shows a push sent with the notify endpoint: in the list, the bar, the live region and a browser notification', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${deployToken}` },
      payload: {
        organizationId: 'acme',
        slug: 'news',
        title: 'Exam moved',
        body: 'Now on Friday.',
        page: '/news/42',
      },
    });
    expect(sent.json()).toMatchObject({ users: 1, delivered: 1 });

    const item = page.getByRole('listitem').filter({ hasText: 'News: Exam moved' });
    await item.waitFor();
    expect(await item.textContent()).toContain('Now on Friday.');
    expect(await item.textContent()).toContain('/news/42');
    await page.getByRole('status').filter({ hasText: 'New notification: News: Exam moved' }).waitFor();
    await page.getByRole('link', { name: /^Notifications, 1 unread$/ }).waitFor();
    expect(await page.evaluate('window.__shown')).toEqual([
      { title: 'News: Exam moved', body: 'Now on Friday.' },
    ]);
  });

  it('opening the push lands on the app at its page', async () => {
    await page.getByRole('link', { name: 'News: Exam moved' }).click();
    await page.getByRole('heading', { name: 'Article 42 in full' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/apps/acme/news');
    expect(url.searchParams.get('page')).toBe('/news/42');
  });

  it('marks pushes read and turns receiving off', async () => {
    await page.getByRole('link', { name: /^Notifications, 1 unread$/ }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Receive pushes in this browser (development)' }).click();
    await page
      .getByRole('checkbox', { name: 'Receive pushes in this browser (development)', checked: false })
      .waitFor();
    const devices = await t.request({ method: 'GET', url: '/api/v1/me/devices', headers: ada.auth });
    expect(devices.json().devices).toEqual([]);
  });
});
