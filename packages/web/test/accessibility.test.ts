// Every page under axe-core at desktop and phone sizes, in English and Russian, light and emulated dark; no page
// scrolls sideways; the phone header is one bar whose menu opens by keyboard; the main flows work by keyboard alone
// (revoking a permission too); at 200 % zoom nothing is cut off or overlaps. One page of a browser visits every page
// of a combination (a page's axe run takes about 2 s, so each combination has its own longer timeout).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { PROXY } from '../../server/test/helpers/proxy-apps.js';
import { axeViolations, scrollsSideways } from './helpers/axe.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { layoutProblems } from './helpers/layout.js';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const schemes = ['light', 'dark'] as const;
const locales = ['en-US', 'ru-RU'] as const;
/**
 * Four of the eight combinations, holding every pair of a size, a scheme and a language once: what goes wrong comes
 * of two of them meeting (Russian words on a phone, a dark scheme's contrast on a desktop), and a run of every page
 * under axe takes half a minute.
 */
const combinations = [
  [sizes[0], 'light', 'en-US'],
  [sizes[0], 'dark', 'ru-RU'],
  [sizes[1], 'light', 'ru-RU'],
  [sizes[1], 'dark', 'en-US'],
] as const;

const pages = [
  '/',
  '/apps/acme/menu',
  '/settings',
  '/settings/apps/acme/menu',
  '/notifications',
  '/console',
  '/console/tokens',
  '/console/orgs/acme',
  '/console/orgs/acme/create',
  '/console/orgs/acme/apps/menu',
  '/console/orgs/acme/apps/menu/stats',
  '/console/orgs/acme/apps/menu/responses',
  '/console/orgs/acme/apps/menu/studio',
  '/moderation',
  '/moderation/apps/acme/menu',
];

/** A form that collects, so the responses page shows its chart and table. */
const orderScreen = {
  type: 'screen',
  title: 'Order',
  children: [
    {
      type: 'form',
      id: 'order',
      collect: { name: 'orders' },
      children: [
        { type: 'textField', name: 'note', label: 'Note' },
        {
          type: 'select',
          name: 'dish',
          label: 'Dish',
          options: [
            { label: 'Borscht', value: 'borscht' },
            { label: 'Pelmeni', value: 'pelmeni' },
          ],
        },
        { type: 'checkbox', name: 'takeaway', label: 'Take away' },
        { type: 'button', label: 'Order', onTap: { actionType: 'submitForm', target: 'responses' } },
      ],
    },
  ],
};

const screen = (dish: string) => ({
  type: 'screen',
  title: 'Menu',
  children: [
    { type: 'heading', text: 'Today' },
    { type: 'text', text: `${dish} today` },
  ],
});

describe.each(dialects.slice(0, 1))('accessibility of the web client on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let owner: SignedIn;

  const contextFor = async (
    size: (typeof sizes)[number],
    scheme: (typeof schemes)[number],
    who?: SignedIn,
    locale: (typeof locales)[number] = 'en-US',
  ): Promise<BrowserContext> =>
    newContext(browser, {
      locale,
      viewport: { width: size.width, height: size.height },
      colorScheme: scheme,
      // The client's CSP forbids inline scripts; axe is injected as one.
      bypassCSP: true,
      ...(who && { who }),
    });
  const settle = async (page: Page) => {
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('[data-loading]').waitFor({ state: 'detached' });
  };

  /** Presses Tab until the focused element's name matches, checking each stop draws a focus ring. */
  const tabTo = async (page: Page, name: RegExp) => {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const [label, outline] = (await page.evaluate(`(() => {
        const el = document.activeElement;
        const label = [el.getAttribute('aria-label'), el.getAttribute('name'), el.getAttribute('placeholder'),
          el.labels?.[0]?.textContent, el.textContent].filter(Boolean).join(' | ');
        return [label, getComputedStyle(el).outlineStyle];
      })()`)) as [string, string];
      if (name.test(label)) {
        expect(outline, label).not.toBe('none');
        return;
      }
    }
    throw new Error(`no focusable element named ${name} within 60 Tab presses`);
  };

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    owner = await t.login('mod@uni.example', { moderator: true, fullName: 'Mo Derator' });
    const call = async (method: 'POST' | 'PUT', url: string, payload: object, headers = owner.auth) => {
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
    const { token } = await call('POST', '/api/v1/tokens', { name: 'ci' });
    const deploy = (dish: string) =>
      call(
        'POST',
        '/functions/v1/miniapp-deploy',
        {
          organizationId: 'acme',
          slug: 'menu',
          submit: true,
          screens: [
            { path: '/', json: screen(dish) },
            { path: '/order', json: orderScreen },
          ],
        },
        { authorization: `Bearer ${token}` },
      );
    await deploy('Borscht');
    await call('POST', '/api/v1/moderation/apps/acme/menu/approve', {});
    await call('PUT', '/api/v1/me/apps/acme/menu/consent', { scopes: ['notifications'] });
    await call('POST', `${PROXY}/acme/menu/responses/orders`, {
      note: 'Без лука, пожалуйста',
      dish: 'pelmeni',
      takeaway: true,
    });
    // A push in the development inbox, so its page shows a list and the bar an unread count.
    await call('POST', '/api/v1/me/devices', { platform: 'web-dev', token: 'web-dev-accessibility-0001' });
    await call(
      'POST',
      '/functions/v1/miniapp-notify',
      { organizationId: 'acme', slug: 'menu', title: 'Lunch', body: 'Borscht is served.', page: '/' },
      { authorization: `Bearer ${token}` },
    );
    await deploy('Pelmeni');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const [size, scheme, locale] of combinations) {
    it(`finds nothing on any page and nothing scrolls sideways (${size.name}, ${scheme}, ${locale})`, async () => {
      const context = await contextFor(size, scheme, owner, locale);
      const page = await context.newPage();
      const problems: string[] = [];
      for (const path of pages) {
        await page.goto(t.baseUrl + path);
        await settle(page);
        for (const v of await axeViolations(page)) problems.push(`${path}: ${v}`);
        if (await scrollsSideways(page)) problems.push(`${path}: scrolls sideways`);
      }
      await context.close();
      const signedOut = await (await contextFor(size, scheme, undefined, locale)).newPage();
      await signedOut.goto(t.baseUrl);
      await settle(signedOut);
      for (const v of await axeViolations(signedOut)) problems.push(`sign-in: ${v}`);
      if (await scrollsSideways(signedOut)) problems.push('sign-in: scrolls sideways');
      await signedOut.context().close();
      expect(problems).toEqual([]);
    }, 90_000);
  }

  it('on a phone the header is one bar; its menu opens by keyboard and focus is visible', async () => {
    const context = await contextFor(sizes[1], 'light', owner);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/console`);
    await settle(page);
    const bar = await page.locator('nav.nav').boundingBox();
    expect(bar?.height).toBeLessThan(70);
    await expect(page.getByRole('link', { name: 'Settings' }).isVisible()).resolves.toBe(false);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.textContent')).resolves.toBe('Menu');
    await expect(page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).resolves.toBe(
      'solid',
    );
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect(page.getByRole('link', { name: 'Catalog' }).isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('on a desktop the bar shows its links and no menu button', async () => {
    const context = await contextFor(sizes[0], 'light', owner);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/console`);
    await settle(page);
    await expect(page.getByRole('link', { name: 'Settings' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('signs in, opens an app, consents, creates a deploy token and approves by keyboard alone', async () => {
    const context = await contextFor(sizes[0], 'light');
    const page = await context.newPage();
    await page.goto(t.baseUrl);
    await settle(page);
    await tabTo(page, /^email/);
    await page.keyboard.type('keys@uni.example');
    await tabTo(page, /^Sign in$/);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: /^Menu/ }).waitFor();
    await tabTo(page, /^Menu/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, /^(Allow selected|Continue without)$/);
    await page.keyboard.press('Enter');
    await page.getByText('Borscht today').waitFor();
    await context.close();

    const ownerContext = await contextFor(sizes[0], 'light', owner);
    const desk = await ownerContext.newPage();
    await desk.goto(`${t.baseUrl}/console/tokens`);
    await settle(desk);
    await tabTo(desk, /CI on main/);
    await desk.keyboard.type('Keyboard');
    await tabTo(desk, /^Create token$/);
    await desk.keyboard.press('Enter');
    await desk.getByTestId('new-token').waitFor();
    await desk.goto(`${t.baseUrl}/moderation/apps/acme/menu`);
    await settle(desk);
    await tabTo(desk, /^Approve/);
    await desk.keyboard.press('Enter');
    await desk.locator('h1 .badge', { hasText: /^Published$/ }).waitFor();
    await ownerContext.close();
  });

  it('revokes a permission by keyboard alone', async () => {
    const reader = await t.login('revoke@uni.example');
    const res = await t.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/menu/consent',
      headers: reader.auth,
      payload: { scopes: ['notifications'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const context = await contextFor(sizes[0], 'light', reader);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/settings`);
    await settle(page);
    await tabTo(page, /^Change$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Menu: permissions' }).waitFor();
    await tabTo(page, /(^|\| )Notifications — /);
    await page.keyboard.press('Space');
    await tabTo(page, /^Save$/);
    await page.keyboard.press('Enter');
    await page.getByText('Saved. The app receives nothing.').waitFor();
    const consent = await t.request({
      method: 'GET',
      url: '/api/v1/me/apps/acme/menu/consent',
      headers: reader.auth,
    });
    expect(consent.json().scopes).toEqual([]);
    await context.close();
  });

  it('edits a screen in the studio and submits it for review by keyboard alone', async () => {
    const context = await contextFor(sizes[0], 'light', owner);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/console/orgs/acme/apps/menu`);
    await settle(page);
    await tabTo(page, /^Screen studio$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Screen studio', level: 1 }).waitFor();
    await tabTo(page, /^JSON of the screen \/ \|/);
    // Into the screen's title ("title": "Menu", on the third line), just before its closing quote.
    await page.keyboard.press('Control+Home');
    for (const key of ['ArrowDown', 'ArrowDown', 'End', 'ArrowLeft', 'ArrowLeft'])
      await page.keyboard.press(key);
    await page.keyboard.type(' for today');
    await page.getByTestId('studio-preview').getByText('Menu for today').first().waitFor();
    // Escape lets Tab leave the editor, as CodeMirror documents for an editor that takes Tab itself.
    await page.keyboard.press('Escape');
    await tabTo(page, /^Save and submit for review$/);
    await page.keyboard.press('Enter');
    const saved = await page
      .getByRole('status')
      .filter({ hasText: /^Saved as version/ })
      .textContent();
    const version = Number(/version (\d+)/.exec(saved ?? '')?.[1]);
    expect(saved).toBe(`Saved as version ${version} and submitted for review.`);
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/acme/apps/menu/revisions/${version}`,
      headers: owner.auth,
    });
    expect(res.json().revision.screens[0].json.title).toBe('Menu for today');
    const app = await t.request({ method: 'GET', url: '/api/v1/orgs/acme/apps/menu', headers: owner.auth });
    expect(app.json().app).toMatchObject({ version, status: 'pending_review' });
    await context.close();
  });

  it('reads whole at 200 % zoom: nothing cut off, overlapping or scrolling sideways', async () => {
    // 1280×800 at 200 %: a 640×400 CSS window drawn with two device pixels per CSS pixel.
    const problems: string[] = [];
    for (const locale of locales) {
      const context = await newContext(browser, {
        locale,
        viewport: { width: 640, height: 400 },
        deviceScaleFactor: 2,
        who: owner,
      });
      const page = await context.newPage();
      for (const path of pages) {
        await page.goto(t.baseUrl + path);
        await settle(page);
        for (const problem of await layoutProblems(page)) problems.push(`${locale} ${path}: ${problem}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 90_000);
});
