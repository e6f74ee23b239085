// The client speaks the browser's language (Russian or English) until the user picks one in settings,
// which is remembered; <html lang> follows.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

describe.each(dialects.slice(0, 1))('the web client in two languages on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let user: SignedIn;

  const open = async (locale: string, path = '/'): Promise<Page> => {
    const context = await newContext(browser, { locale, viewport: { width: 1280, height: 800 }, who: user });
    const page = await context.newPage();
    await page.goto(t.baseUrl + path);
    return page;
  };
  const htmlLang = (page: Page) => page.evaluate('document.documentElement.lang');

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    user = await t.login('ada@uni.example');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('follows a Russian browser, and an English one', async () => {
    const ru = await open('ru-RU');
    await ru.getByRole('link', { name: 'Настройки' }).waitFor();
    await expect(htmlLang(ru)).resolves.toBe('ru');
    await ru.context().close();
    const en = await open('en-GB');
    await en.getByRole('link', { name: 'Settings' }).waitFor();
    await expect(htmlLang(en)).resolves.toBe('en');
    await en.context().close();
  });

  it('switches in settings and remembers the choice', async () => {
    const page = await open('en-US', '/settings');
    await page.getByLabel('Language').selectOption('ru');
    await page.getByRole('heading', { name: 'Настройки' }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('ru');
    await page.reload();
    await page.getByRole('link', { name: 'Каталог' }).waitFor();
    await page.getByLabel('Язык').selectOption('');
    await page.getByRole('link', { name: 'Catalog' }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('en');
    await page.context().close();
  });
});
