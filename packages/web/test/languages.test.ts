// The client speaks the browser's language (Russian or English) until the user picks one in settings,
// which is remembered; <html lang> follows. The catalog, settings, sign-in and moderation pages show every text in
// that language (no English catalogue text left on a Russian page, no Russian word on an English one), dates and
// counts through Intl and Russian plural forms; the platform's error messages follow the chosen language.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues as rendererCatalogues } from '../../react/src/i18n/messages.js';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { catalogues } from '../src/i18n/catalogues.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { englishRuns, plain, readsIn } from './helpers/page-language.js';

const screen = (dish: string) => ({
  type: 'screen',
  title: 'Canteen',
  children: [{ type: 'text', text: `${dish} today` }],
});

/** A Russian date and time as Intl writes it, e.g. "25 нояб. 2026 г., 10:35". */
const russianDate = String.raw`\d{1,2} [а-я]+\.? \d{4} г\., \d{2}:\d{2}`;
/** An English one, e.g. "Nov 25, 2026, 10:35 AM". */
const englishDate = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M`;

describe('catalog and moderation messages', () => {
  it('count in Russian plural forms at 1, 2, 5, 11 and 21', () => {
    expect([1, 2, 5, 11, 21].map((count) => plain('diff.skipped', 'ru', { count }))).toEqual([
      '… 1 строка без изменений',
      '… 2 строки без изменений',
      '… 5 строк без изменений',
      '… 11 строк без изменений',
      '… 21 строка без изменений',
    ]);
    expect([1, 2].map((count) => plain('diff.skipped', 'en', { count }))).toEqual([
      '… 1 unchanged line',
      '… 2 unchanged lines',
    ]);
    expect([1, 2, 5].map((count) => plain('apps.count', 'ru', { count }))).toEqual([
      '1 приложение',
      '2 приложения',
      '5 приложений',
    ]);
    expect(plain('diff.differ', 'en', { changed: 1, total: 1 })).toBe('1 of 1 screen differs.');
  });
});

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

  // The renderer's own texts too (the app page's bar, consent dialog, states): the client passes its language.
  const runs = englishRuns(catalogues.en, rendererCatalogues.en);
  /** What users wrote, in no page's language: the platform's own example app in the catalog. */
  const data = ['Profile card', 'Platform'];
  /** Checks for a page in `language`: English catalogue texts on a Russian page, Russian words on an English. */
  const reads = (language: 'en' | 'ru', left: string[]) => readsIn(language, left, runs, data);

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    user = await t.login('ada@uni.example', { moderator: true, fullName: 'Ada Lovelace', group: 'MT-21' });
    const call = async (method: 'POST' | 'PUT', url: string, payload: object = {}, headers = user.auth) => {
      const res = await t.request({ method, url, headers, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await call('POST', '/api/v1/orgs', { id: 'acme', name: 'Acme' });
    await call('POST', '/api/v1/orgs/acme/apps', {
      slug: 'canteen',
      name: 'Canteen',
      sourceKind: 'hosted',
      scopes: ['notifications', 'group'],
    });
    const { token } = await call('POST', '/api/v1/tokens', { name: 'ci' });
    const deploy = (dish: string) =>
      call(
        'POST',
        '/functions/v1/miniapp-deploy',
        {
          organizationId: 'acme',
          slug: 'canteen',
          submit: true,
          screens: [{ path: '/', json: screen(dish) }],
        },
        { authorization: `Bearer ${token}` },
      );
    await deploy('Borscht');
    await call('POST', '/api/v1/moderation/apps/acme/canteen/approve');
    await call('PUT', '/api/v1/me/apps/acme/canteen/consent', { scopes: ['notifications', 'group'] });
    await deploy('Pelmeni');
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

  it('shows the catalog, settings, sign-in and moderation pages in Russian to a Russian browser', async () => {
    const left: string[] = [];
    const expectRussian = reads('ru', left);
    const page = await open('ru-RU');
    await expectRussian(page, 'catalog', 'Мини-приложения', 'Запрашивает: Учебная группа и Уведомления');
    await page.getByRole('searchbox', { name: 'Поиск мини-приложений' }).fill('нет такого');
    await page.getByRole('button', { name: 'Найти' }).click();
    await expectRussian(page, 'catalog search', 'По запросу «нет такого» ничего не найдено.');

    await page.goto(`${t.baseUrl}/apps/acme/canteen`);
    await expectRussian(page, 'app', 'Borscht today');
    await page.getByRole('link', { name: 'Разрешения' }).waitFor();

    await page.goto(`${t.baseUrl}/settings`);
    await expectRussian(
      page,
      'settings',
      'Вы вошли как Ada Lovelace, группа MT-21. Приложения получают только то, что вы им разрешили.',
      'Разрешения приложений',
    );
    for (const header of ['Приложение', 'Запрашивает', 'Вы разрешили']) {
      await page.getByRole('columnheader', { name: header }).waitFor();
    }
    const row = page.getByRole('row', { name: /Canteen/ });
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('Учебная группа и Уведомления');
    await row.getByRole('link', { name: 'Изменить' }).click();
    await expectRussian(page, 'consent', 'Canteen: разрешения', new RegExp(`^Изменено ${russianDate}\\.$`));
    await page.getByRole('checkbox', { name: /Уведомления/ }).uncheck();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expectRussian(page, 'consent saved', 'Сохранено. Приложение получает: Учебная группа.');
    await page.getByRole('link', { name: 'Открыть приложение' }).waitFor();

    await page.goto(`${t.baseUrl}/moderation`);
    await expectRussian(
      page,
      'queue',
      'Модерация',
      'Ждут проверки',
      'на платформе · версия 2',
      'Экраны: изменены /',
    );
    const queue = page.getByRole('table', { name: 'Очередь на проверку' });
    const submitted = await queue
      .getByRole('row', { name: /Canteen/ })
      .getByRole('cell')
      .nth(2)
      .textContent();
    expect(submitted).toMatch(new RegExp(`^${russianDate}$`));
    await page.getByRole('textbox', { name: 'идентификатор организации' }).waitFor();

    await page.getByRole('link', { name: 'Canteen' }).click();
    await expectRussian(
      page,
      'review',
      'Решение',
      'Причина (её увидит разработчик)',
      'Текущая и новая версии рядом',
      'Сейчас · версия 1',
      'На проверке · версия 2',
      'Экраны: версия 1 → 2',
      'Изменено экранов: 1 из 1.',
      'Журнал действий',
      new RegExp(`· Acme · отправлено ${russianDate}$`),
    );
    await page.locator('h1 .badge', { hasText: 'На проверке' }).waitFor();
    await page.getByRole('button', { name: 'Отклонить' }).waitFor();
    await page.getByRole('button', { name: 'Одобрить версию 2' }).click();
    await page.locator('h1 .badge', { hasText: 'Опубликовано' }).waitFor();
    const newest = page.getByRole('table', { name: 'Журнал действий' }).getByRole('row').nth(1);
    await newest.filter({ hasText: 'одобрение' }).waitFor();
    expect(await newest.textContent()).toMatch(
      new RegExp(`^${russianDate}одобрениеada@uni\\.exampleНа проверке → Опубликовано2$`),
    );
    await page.getByRole('button', { name: 'Приостановить' }).waitFor();
    await expectRussian(page, 'review decided');

    await page.goto(`${t.baseUrl}/nowhere`);
    await expectRussian(page, 'not found', 'Страница не найдена', 'По адресу /nowhere ничего нет.');
    await page.context().close();

    const signedOut = await (await newContext(browser, { locale: 'ru-RU' })).newPage();
    await signedOut.goto(t.baseUrl);
    await expectRussian(signedOut, 'sign-in', 'Вход', 'Вход для разработки: без пароля');
    for (const label of ['Электронная почта', 'Полное имя', 'Курс', 'Группа', 'Модератор платформы']) {
      await signedOut.getByLabel(label).waitFor();
    }
    await expect(signedOut.title()).resolves.toBe('Мини-приложения');
    await signedOut.context().close();
    expect(left).toEqual([]);
  });

  it('shows the same pages in English to an English browser, without a Russian word', async () => {
    const russian: string[] = [];
    const expectEnglish = reads('en', russian);
    const page = await open('en-US');
    await expectEnglish(page, 'catalog', 'Mini-apps', 'Asks for: Study group and Notifications');
    await page.goto(`${t.baseUrl}/apps/acme/canteen`);
    await expectEnglish(page, 'app', 'Pelmeni today', 'Permissions');
    await page.goto(`${t.baseUrl}/settings`);
    await expectEnglish(
      page,
      'settings',
      'Signed in as Ada Lovelace, group MT-21.',
      'App permissions',
      'You grant',
    );
    await page.goto(`${t.baseUrl}/settings/apps/acme/canteen`);
    await expectEnglish(
      page,
      'consent',
      'Canteen: permissions',
      new RegExp(`^Last changed ${englishDate}\\.$`),
    );
    await page.goto(`${t.baseUrl}/moderation`);
    await expectEnglish(page, 'queue', 'Waiting for review');
    await page.goto(`${t.baseUrl}/moderation/apps/acme/canteen`);
    await expectEnglish(page, 'review', 'Decision', 'Audit log', 'Reason (the developer sees it)');
    await page.locator('h1 .badge', { hasText: /^Published$/ }).waitFor();
    await page.context().close();
    const signedOut = await (await newContext(browser, { locale: 'en-US' })).newPage();
    await signedOut.goto(t.baseUrl);
    await expectEnglish(signedOut, 'sign-in', 'Sign in', 'Development sign-in');
    await signedOut.context().close();
    expect(russian).toEqual([]);
  });

  it("gives the platform's error messages in the chosen language, whatever the browser's, the code unchanged", async () => {
    const context = await newContext(browser, { locale: 'en-US', who: user });
    await context.addInitScript({ content: "localStorage.setItem('miniapps.language', 'ru');" });
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/settings/apps/acme/nope`);
    const russian = await page.getByRole('alert').textContent();
    expect(russian).toMatch(/^В каталоге нет приложения «nope» организации «acme»\. \(([a-z_]+)\)$/);
    await context.close();
    const english = await open('en-US', '/settings/apps/acme/nope');
    const text = await english.getByRole('alert').textContent();
    expect(text).toMatch(/^No app "nope" of "acme" in the catalog\. \(([a-z_]+)\)$/);
    expect(text?.match(/\(([a-z_]+)\)$/)?.[1]).toBe(russian?.match(/\(([a-z_]+)\)$/)?.[1]);
    await english.context().close();
  });

  it("words the host kit's own failures in the page's language: the platform out of reach", async () => {
    for (const [locale, message] of [
      ['ru-RU', 'Не удалось связаться с платформой. Проверьте подключение. (network_error)'],
      ['en-US', 'The platform could not be reached. Check your connection. (network_error)'],
    ] as const) {
      const context = await newContext(browser, { locale, who: user });
      // The user is known; the moderation queue's call then finds no platform.
      await context.route('**/api/v1/moderation/queue', (route) => route.abort('connectionrefused'));
      const page = await context.newPage();
      await page.goto(`${t.baseUrl}/moderation`);
      await expect(page.getByRole('alert').textContent()).resolves.toBe(message);
      await context.close();
    }
  });
});
