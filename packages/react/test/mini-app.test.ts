// <MiniApp> in chromium against a real platform: consent, pages, effects the host takes over, hostile addresses,
// a missing app, and the theme the host page sets.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser } from '../../web/test/helpers/chromium.js';
import { hostPage } from './helpers/browser-page.js';
import { canteenScreens } from './helpers/canteen-screens.js';
import type { OpenOptions } from './helpers/test-page.js';

const screens = canteenScreens([
  {
    type: 'button',
    label: 'Hello',
    style: 'secondary',
    onTap: { actionType: 'showToast', message: 'Hi there' },
  },
  {
    type: 'button',
    label: 'Site',
    style: 'secondary',
    onTap: { actionType: 'openUrl', url: 'https://uni.example/' },
  },
  // Written straight into the store: a deploy would refuse these, a remote origin could send them.
  {
    type: 'button',
    label: 'Evil',
    style: 'secondary',
    onTap: { actionType: 'openUrl', url: 'javascript:alert(1)' },
  },
  { type: 'image', src: 'javascript:alert(2)', alt: 'evil' },
  {
    type: 'button',
    label: 'Copy',
    style: 'secondary',
    onTap: { actionType: 'copyToClipboard', text: 'room 101' },
  },
  { type: 'image', src: 'https://img.uni.example/a.png', alt: 'good' },
  {
    type: 'button',
    label: 'Exam',
    style: 'secondary',
    onTap: { actionType: 'addToCalendar', title: 'Exam', start: '2026-12-15T10:00+03:00' },
  },
  {
    type: 'button',
    label: 'Buzz',
    style: 'secondary',
    onTap: { actionType: 'haptic', style: 'success' },
  },
  {
    type: 'button',
    label: 'Scan',
    style: 'secondary',
    onTap: {
      actionType: 'scanCode',
      format: 'ean13',
      onResult: { actionType: 'showToast', message: 'Book ${result.text}' },
    },
  },
  {
    type: 'button',
    label: 'Pass',
    style: 'secondary',
    onTap: { actionType: 'setState', values: { 'state.pass': true } },
  },
  {
    type: 'button',
    label: 'Hide pass',
    style: 'secondary',
    onTap: { actionType: 'setState', values: { 'state.pass': false } },
  },
  { type: 'qrCode', value: 'PASS-7', caption: 'Pass', visibleIf: '${state.pass}' },
]);

describe('<MiniApp> in the browser', () => {
  let t: TestPlatform;
  let baseUrl: string;
  let browser: Browser;
  let user: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform('sqlite');
    baseUrl = await t.listen();
    browser = await launchBrowser();
    const dev = await t.login('dev@uni.example');
    user = await t.login('ada@uni.example');
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'canteen',
      live: screens,
    });
    await t.platform.db
      .updateTable('apps')
      .set({ scopes: '["email"]', liveScopes: '["email"]', liveName: 'Canteen' })
      .where('slug', '=', 'canteen')
      .execute();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(options: Omit<OpenOptions, 'token'> & { token?: string }, hostCss = ''): Promise<Page> {
    const page = await hostPage(browser, baseUrl, hostCss);
    await page.evaluate((o) => window.openApp(o), { token: user.token, ...options } as OpenOptions);
    return page;
  }
  const log = (page: Page) => page.evaluate(() => window.effectLog);

  it('asks for consent with its own dialog, then draws the app; a host-owned toast and navigation are told', async () => {
    const page = await open({ app: 'acme/canteen', own: ['toast', 'navigate', 'close'] });
    const dialog = page.getByRole('dialog', { name: 'Canteen asks for permissions' });
    await dialog.getByRole('checkbox', { name: /E-mail/ }).check();
    await dialog.getByRole('button', { name: 'Allow selected' }).click();
    await page.getByText('Welcome').waitFor();
    await page.getByRole('button', { name: 'Hello' }).click();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByText('Soup').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('Welcome').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await log(page)).toEqual([
      'navigate / 1',
      'toast Hi there',
      'navigate /menu?day=mon 2',
      'navigate / 1',
      'close',
    ]);
    // The host owns toasts: none drawn by the renderer.
    expect(await page.locator('.ma-toast').count()).toBe(0);
  });

  it('opens only https addresses and loads only https images, whatever the screen says', async () => {
    const page = await open({ app: 'acme/canteen', own: ['openUrl'] });
    await page.getByText('Welcome').waitFor();
    await page.getByRole('button', { name: 'Site' }).click();
    await page.getByRole('button', { name: 'Evil' }).click();
    const banner = page.locator('.ma-error[role="alert"]');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('"javascript:alert(1)"');
    expect(await log(page)).toEqual(['openUrl https://uni.example/']);
    expect(
      await page.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src'))),
    ).toEqual(['https://img.uni.example/a.png']);
  });

  it('a page given by the host opens over the start page', async () => {
    const page = await open({ app: 'acme/canteen', path: '/menu', own: ['navigate'] });
    await page.getByText('Soup').waitFor();
    expect(await log(page)).toEqual(['navigate /menu 2']);
  });

  it("uses the host's own calendar, haptics, scanner and screen, given to createHost({ capabilities })", async () => {
    const page = await open({ app: 'acme/canteen', capabilities: true });
    await page.getByText('Welcome').waitFor();
    await page.getByRole('button', { name: 'Exam' }).click();
    await page.getByRole('button', { name: 'Buzz' }).click();
    await page.getByRole('button', { name: 'Scan' }).click();
    await expect
      .poll(() => log(page))
      .toEqual([
        'host calendar Exam 2026-12-15T07:00:00.000Z 2026-12-15T08:00:00.000Z',
        'host haptics success',
        'host scan ean13',
      ]);
    // A code on screen asks the host to keep it on and bright, and lets go once it is gone.
    await page.getByRole('button', { name: 'Pass', exact: true }).click();
    await page.getByRole('img', { name: 'Pass' }).waitFor();
    await page.getByRole('button', { name: 'Hide pass' }).click();
    await expect
      .poll(async () => (await log(page)).slice(3))
      .toEqual([
        'host keepAwake true',
        'host brightness max',
        'host keepAwake false',
        'host brightness normal',
      ]);
    // The host's scanner took over: no camera overlay, and its code reached onResult.
    await expect.poll(() => page.locator('.ma-toast').textContent()).toBe('Book 9780306406157');
    expect(await page.locator('.ma-scanner').count()).toBe(0);
    expect(await page.locator('.ma-error').count()).toBe(0);
  });

  it('an app that does not exist shows a clear state and tells the host, never a blank box', async () => {
    const page = await open({ app: 'acme/ghost' });
    const state = page.getByRole('alert');
    await state.waitFor();
    expect(await state.textContent()).toContain('There is no app "acme/ghost" here');
    expect(await state.getAttribute('data-error-code')).toBe('app_not_found');
    expect(await log(page)).toEqual(['error app_not_found']);
    await page.getByRole('button', { name: 'Try again' }).waitFor();
  });

  it('takes --miniapp-* from the host page, in the light, dark and auto schemes', async () => {
    const styleOf = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return { bg: style.backgroundColor, color: style.color, radius: style.borderTopLeftRadius };
        });
    const themed = await open(
      { app: 'acme/canteen' },
      '#app { --miniapp-accent: rgb(200, 30, 90); --miniapp-accent-text: rgb(1, 2, 3); --miniapp-radius: 20px; }',
    );
    await themed.getByText('Welcome').waitFor();
    expect(await styleOf(themed, '.ma-button-primary')).toEqual({
      bg: 'rgb(200, 30, 90)',
      color: 'rgb(1, 2, 3)',
      radius: '18px',
    });
    expect((await styleOf(themed, '.ma-app')).bg).toBe('rgb(255, 255, 255)');

    const dark = await open({ app: 'acme/canteen', colorScheme: 'dark' });
    await dark.getByText('Welcome').waitFor();
    expect((await styleOf(dark, '.ma-app')).bg).toBe('rgb(23, 25, 29)');

    const auto = await open({ app: 'acme/canteen', colorScheme: 'auto' });
    await auto.getByText('Welcome').waitFor();
    expect((await styleOf(auto, '.ma-app')).bg).toBe('rgb(255, 255, 255)');
    await auto.emulateMedia({ colorScheme: 'dark' });
    expect((await styleOf(auto, '.ma-app')).bg).toBe('rgb(23, 25, 29)');
  });

  it('speaks Russian with lang="ru": consent dialog, action failures, its own toast and labels', async () => {
    // Someone who has never chosen, so the prompt appears.
    const bob = await t.login('bob@uni.example');
    const page = await open({ app: 'acme/canteen', lang: 'ru', token: bob.token });
    const dialog = page.getByRole('dialog', { name: 'Canteen запрашивает разрешения' });
    await dialog.getByRole('checkbox', { name: /Электронная почта/ }).waitFor();
    await dialog.getByRole('button', { name: 'Продолжить без них' }).click();
    await page.getByText('Welcome').waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Скопировано в буфер обмена');
    await page.getByRole('button', { name: 'Evil' }).click();
    const banner = page.locator('.ma-error');
    expect(await banner.textContent()).toBe(
      'У действия openUrl недопустимое поле «url»: "javascript:alert(1)".✕',
    );
    await banner.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByText('Soup').waitFor();
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.getByText('Welcome').waitFor();
  });
});
