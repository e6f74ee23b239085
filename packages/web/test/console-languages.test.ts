// The developer console in a Russian and an English browser: every page and panel in that language, <html lang>
// following, no English console text left on a Russian page, dates through Intl and Russian plural forms.

import { categories } from '@miniapps/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { catalogues } from '../src/i18n/catalogues.js';
import enConsole from '../src/i18n/en/console.json' with { type: 'json' };
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { englishRuns, plain, readsIn } from './helpers/page-language.js';

const screen = (dish: string) => ({
  type: 'screen',
  title: 'Menu',
  children: [{ type: 'text', text: `${dish} today` }],
});

describe('console messages', () => {
  it('count in Russian plural forms at 1, 2, 5, 11 and 21', () => {
    const pushes = [1, 2, 5, 11, 21].map((count) => plain('console.push.count', 'ru', { count }));
    expect(pushes).toEqual([
      '1 уведомление',
      '2 уведомления',
      '5 уведомлений',
      '11 уведомлений',
      '21 уведомление',
    ]);
    expect([1, 2, 5].map((count) => plain('console.tokens.atLimit', 'ru', { count }))).toEqual([
      'У вас 1 токен: отзовите один, чтобы создать новый.',
      'У вас 2 токена: отзовите один, чтобы создать новый.',
      'У вас 5 токенов: отзовите один, чтобы создать новый.',
    ]);
    expect([1, 2].map((count) => plain('console.push.count', 'en', { count }))).toEqual([
      '1 push',
      '2 pushes',
    ]);
    expect(plain('console.push.count', 'ru', { count: 12345 })).toBe('12\u00a0345 уведомлений');
  });

  it("name the server's categories, in its order, in both languages", () => {
    const named = Object.keys(catalogues.en).filter((key) => key.startsWith('category.'));
    expect(named).toEqual(categories.map((name) => `category.${name}`));
  });
});

describe.each(dialects.slice(0, 1))('the developer console in two languages on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let dev: SignedIn;
  const runs = englishRuns(enConsole);

  const open = async (locale: string, path: string): Promise<Page> => {
    const context = await newContext(browser, { locale, viewport: { width: 1280, height: 800 }, who: dev });
    const page = await context.newPage();
    await page.goto(t.baseUrl + path);
    return page;
  };
  const htmlLang = (page: Page) => page.evaluate('document.documentElement.lang');
  /** Checks for a page in `language`; English console texts on a Russian page, Russian words on an English go to `left`. */
  const reads = (language: 'en' | 'ru', left: string[]) => readsIn(language, left, runs);
  /** Deploy tokens up to the account's limit of five. */
  const fillTokensUp = async () => {
    const held = (await t.request({ method: 'GET', url: '/api/v1/tokens', headers: dev.auth })).json().tokens;
    for (let n = held.length; n < 5; n++) {
      const payload = { name: `t${n}` };
      const res = await t.request({ method: 'POST', url: '/api/v1/tokens', headers: dev.auth, payload });
      expect(res.statusCode, res.body).toBe(201);
    }
  };

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example', { moderator: true, fullName: 'Dana Developer' });
    const call = async (method: 'POST' | 'PUT', url: string, payload: object = {}, headers = dev.auth) => {
      const res = await t.request({ method, url, headers, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await call('POST', '/api/v1/orgs', { id: 'acme', name: 'Acme' });
    await call('POST', '/api/v1/orgs/acme/apps', {
      slug: 'menu',
      name: 'Menu',
      sourceKind: 'hosted',
      scopes: ['notifications'],
    });
    await call('POST', '/api/v1/orgs/acme/apps', {
      slug: 'timetable',
      name: 'Timetable',
      sourceKind: 'remote',
      origin: 'https://timetable.example.org',
      scopes: ['identity'],
    });
    const { token } = await call('POST', '/api/v1/tokens', { name: 'ci' });
    const bearer = { authorization: `Bearer ${token}` };
    const deploy = (dish: string) =>
      call(
        'POST',
        '/functions/v1/miniapp-deploy',
        { organizationId: 'acme', slug: 'menu', submit: true, screens: [{ path: '/', json: screen(dish) }] },
        bearer,
      );
    await deploy('Borscht');
    await call('POST', '/api/v1/moderation/apps/acme/menu/approve');
    await call('PUT', '/api/v1/me/apps/acme/menu/consent', { scopes: ['notifications'] });
    await deploy('Pelmeni');
    await call(
      'POST',
      '/functions/v1/miniapp-notify',
      { organizationId: 'acme', slug: 'menu', title: 'Soup', body: 'Come by' },
      bearer,
    );
    // Generated, then rotated: the panel shows the secret on and the previous one's window.
    await call('POST', '/api/v1/orgs/acme/apps/timetable/signing-secret');
    await call('POST', '/api/v1/orgs/acme/apps/timetable/signing-secret');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows every console page and panel in Russian to a Russian browser', async () => {
    const left: string[] = [];
    const expectRussian = reads('ru', left);

    const page = await open('ru-RU', '/console');
    await expectRussian(
      page,
      'home',
      'Консоль разработчика',
      'Токены развёртывания',
      'Организации',
      'Новая организация',
      'Идентификатор — это organizationId',
    );
    await page.getByRole('button', { name: 'Создать организацию' }).waitFor();
    await page.getByText('acme · владелец').waitFor();

    await page.getByRole('link', { name: 'Acme' }).click();
    await expectRussian(
      page,
      'org',
      'Мини-приложения',
      'Участники',
      'вы владелец',
      'на платформе',
      'внешнее',
      'В организации с',
    );
    await page.getByRole('columnheader', { name: 'Версия' }).waitFor();
    await page.getByRole('combobox', { name: 'Роль' }).waitFor();
    // An error from the platform comes in the page's language; its code stays.
    await page.getByRole('textbox', { name: 'Эл. почта приглашаемого' }).fill('dev@uni.example');
    await page.getByRole('button', { name: 'Пригласить', exact: true }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(
      /^dev@uni\.example уже участник; .+ \(already_member\)$/,
    );
    const since = await page
      .getByRole('row', { name: /dev@uni\.example/ })
      .getByRole('cell')
      .nth(3)
      .textContent();
    expect(since).toMatch(/^\d{1,2} [а-я]+\.? \d{4} г\., \d{2}:\d{2}$/);

    await page.getByRole('link', { name: 'Создать мини-приложение' }).click();
    await page.getByLabel('Внешнее').check();
    await expectRussian(
      page,
      'create',
      'Источник',
      'Начальный путь',
      'Базовый https-адрес вашего сервера',
      'Разрешения',
      'Уведомления',
      'отправка вам push-уведомлений',
      'Внешнее приложение сразу уходит на модерацию',
    );
    await page.getByRole('button', { name: 'Создать', exact: true }).waitFor();

    await page.goto(`${t.baseUrl}/console/orgs/acme/apps/menu`);
    await expectRussian(
      page,
      'app overview',
      'Ждёт модерации. До одобрения пользователи видят действующую версию.',
      'версия 2, действующая 1',
      'Краткое описание',
      'После изменения одобренное приложение снова отправляется на модерацию.',
    );
    await expect(page.locator('h1 .badge').textContent()).resolves.toBe('На проверке');
    const category = page.getByRole('combobox', { name: 'Категория' });
    await expect(category.locator('option:checked').textContent()).resolves.toBe('Без категории');
    await category.selectOption({ label: 'Расписание' });
    await page.getByRole('button', { name: 'Сохранить' }).waitFor();

    await page.getByRole('tab', { name: 'Экраны и ревизии' }).click();
    await expectRussian(
      page,
      'revisions',
      'Хранятся последние 20 ревизий.',
      'Отправить восстановленную ревизию на модерацию',
      'последняя',
      'действующая',
    );
    const revisions = page.getByRole('table', { name: 'Ревизии' });
    await revisions.getByRole('button', { name: 'Восстановить' }).waitFor();
    await revisions.getByRole('button', { name: 'Сравнить с 1' }).click();
    await expectRussian(page, 'diff', 'Версия 1 → 2');

    await page.getByRole('tab', { name: 'Уведомления' }).click();
    await expectRussian(
      page,
      'notifications',
      'не больше 2 уведомлений в день',
      'Заголовок и текст',
      'Удалено недействительных токенов',
    );
    await expect(page.getByTestId('notification-totals').textContent()).resolves.toMatch(
      /^1 уведомление\s*0 пользователей получили\s*0 устройств приняли\s*0 сбоев$/,
    );

    await page.getByRole('tab', { name: 'Предпросмотр' }).click();
    await expectRussian(page, 'preview', 'Предпросмотр последней версии (версия 2)');
    await page.getByRole('textbox', { name: 'Страница' }).waitFor();
    await page.getByRole('button', { name: 'Открыть' }).waitFor();

    // The activity tab is the moderation area's audit log: only its tab and the page around it are checked here.
    await page.getByRole('tab', { name: 'Журнал', selected: false }).click();
    await page.getByRole('tab', { name: 'Журнал', selected: true }).waitFor();
    await expect(htmlLang(page)).resolves.toBe('ru');

    await page.goto(`${t.baseUrl}/console/orgs/acme/apps/timetable`);
    await page.getByRole('tab', { name: 'Секрет подписи' }).click();
    await expectRussian(
      page,
      'signing',
      'С секретом прокси подписывает каждый запрос',
      /^Подпись включена с \d{1,2} [а-я]+\.? \d{4} г\., \d{2}:\d{2}\.$/,
      'Идёт смена секрета',
      'прежний секрет действует ещё 24 часа',
    );
    await page.getByRole('button', { name: 'Сменить секрет' }).click();
    await expectRussian(page, 'signing issued', 'Скопируйте секрет сейчас.', /Прежний действует до \d/);
    page.once('dialog', (dialog) => void dialog.dismiss());
    const confirmDisable = page.waitForEvent('dialog').then((dialog) => dialog.message());
    await page.getByRole('button', { name: 'Отключить подпись' }).click();
    await expect(confirmDisable).resolves.toBe(
      'Отключить подпись? С этого момента запросы пойдут на ваш сервер без заголовков подписи.',
    );

    await page.goto(`${t.baseUrl}/console/tokens`);
    await expectRussian(
      page,
      'tokens',
      'Токены развёртывания',
      'Не больше 5 токенов на аккаунт.',
      'Последнее использование',
    );
    await page.getByRole('textbox', { name: 'Название токена' }).fill('nightly');
    await page.getByRole('button', { name: 'Создать токен' }).click();
    await expectRussian(page, 'token issued', 'Скопируйте токен «nightly» сейчас.', 'никогда');
    await page.getByRole('button', { name: 'Токен сохранён' }).click();
    page.once('dialog', (dialog) => void dialog.dismiss());
    const confirmRevoke = page.waitForEvent('dialog').then((dialog) => dialog.message());
    await page
      .getByRole('row', { name: /nightly/ })
      .getByRole('button', { name: 'Отозвать' })
      .click();
    await expect(confirmRevoke).resolves.toBe(
      'Отозвать «nightly»? Развёртывания с этим токеном сразу перестанут работать.',
    );
    // At the limit of five: the form says why it is closed, in the plural form of 5.
    await fillTokensUp();
    await page.reload();
    await expectRussian(page, 'tokens at limit', 'У вас 5 токенов: отзовите один, чтобы создать новый.');
    await page.context().close();
    expect(left).toEqual([]);
  });

  it('shows the same pages in English to an English browser, without a Russian word', async () => {
    const russian: string[] = [];
    const expectEnglish = reads('en', russian);
    const page = await open('en-US', '/console');
    await expectEnglish(page, 'home', 'Developer console', 'Organizations', 'acme · owner');
    await page.goto(`${t.baseUrl}/console/orgs/acme`);
    await expectEnglish(page, 'org', 'Organization id', 'you are an owner', 'hosted', 'remote', 'Since');
    await page.goto(`${t.baseUrl}/console/orgs/acme/create`);
    await expectEnglish(page, 'create', 'Create mini-app', 'Start path', 'Permissions');
    await page.goto(`${t.baseUrl}/console/orgs/acme/apps/menu`);
    await expectEnglish(page, 'overview', 'version 2, live 1', 'Short description');
    await page.getByRole('tab', { name: 'Screens and revisions' }).click();
    await expectEnglish(page, 'revisions', 'The last 20 revisions are kept.', 'Diff with 1');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expectEnglish(page, 'notifications', 'Each user gets at most 2 per day from this app.');
    await expect(page.getByTestId('notification-totals').textContent()).resolves.toMatch(
      /^1 push\s*0 users reached\s*0 devices accepted\s*0 failed$/,
    );
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expectEnglish(page, 'preview', 'Preview of the head (version 2)');
    await page.goto(`${t.baseUrl}/console/orgs/acme/apps/timetable`);
    await page.getByRole('tab', { name: 'Signing secret' }).click();
    await expectEnglish(
      page,
      'signing',
      /^Signing is on since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\.$/,
    );
    await expectEnglish(page, 'signing', 'keeps the previous secret valid for 24 hours');
    await fillTokensUp();
    await page.goto(`${t.baseUrl}/console/tokens`);
    await expectEnglish(
      page,
      'tokens',
      'At most 5 per account.',
      'You hold 5 tokens; revoke one to create another.',
    );
    await page.context().close();
    expect(russian).toEqual([]);
  });
});
