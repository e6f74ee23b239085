// A developer sets how long a hosted app keeps its form responses in the app's settings, in English and Russian;
// the app stays published, and a remote app's settings have no such field.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp, remoteApp } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const screen = { type: 'screen', title: 'Home', children: [{ type: 'text', text: 'Home' }] };

describe.each(dialects.slice(0, 1))('the response retention in the app settings on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let dev: SignedIn;

  const open = async (locale: string, path: string): Promise<Page> => {
    const page = await (await newContext(browser, { locale, who: dev })).newPage();
    await page.goto(t.baseUrl + path);
    return page;
  };
  const app = async () =>
    (await t.request({ method: 'GET', url: '/api/v1/orgs/acme/apps/events', headers: dev.auth })).json().app;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example');
    await hostedApp(t, dev, { org: 'acme', slug: 'events', live: [{ path: '/', json: screen }] });
    await remoteApp(t, dev, { org: 'acme', slug: 'remote', origin: 'https://origin.test' });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('saves the days set, shows them again in Russian, and clears them back to the default', async () => {
    const page = await open('en-US', '/console/orgs/acme/apps/events');
    const days = page.getByLabel('Keep form responses (days)');
    expect(await days.getAttribute('placeholder')).toBe('365');
    expect(await days.inputValue()).toBe('');
    await days.fill('30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await app()).responseRetentionDays).toBe(30);
    expect((await app()).status).toBe('published');
    const ru = await open('ru-RU', '/console/orgs/acme/apps/events');
    const field = ru.getByLabel('Хранить ответы форм (дней)');
    await expect.poll(() => field.inputValue()).toBe('30');
    await field.fill('');
    await ru.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await app()).responseRetentionDays).toBeNull();
  });

  it("has no retention field in a remote app's settings", async () => {
    const page = await open('en-US', '/console/orgs/acme/apps/remote');
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await page.getByLabel('Keep form responses (days)').count()).toBe(0);
  });
});
