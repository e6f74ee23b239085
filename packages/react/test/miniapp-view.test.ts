// <miniapp-view> on a page of another origin: loaded from the platform's /embed/miniapp-view.js through CORS,
// themed by the page, navigating with events, consent taken over by the page, and errors as events and states.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { ensureClientBuilt } from '../../web/scripts/ensure-built.js';
import { expectAppSessionsOnly, recordBearers } from '../../web/test/helpers/bearers.js';
import { launchBrowser } from '../../web/test/helpers/chromium.js';
import { canteenScreens } from './helpers/canteen-screens.js';

/** A host page without a build step: the element from the platform, themed by the page's own CSS. */
function hostPage(
  platform: string,
  apps: string[],
  attributes: Record<string, string> = {},
  htmlLang = '',
): string {
  const views = apps
    .map((app, i) => `<miniapp-view id="v${i}" app="${app}" ${attributes[app] ?? ''}></miniapp-view>`)
    .join('\n');
  return `<!doctype html><html${htmlLang && ` lang="${htmlLang}"`}><head><meta charset="utf-8">
<style>#v0 { --miniapp-accent: rgb(200, 30, 90); }</style>
<script>
  window.events = [];
  for (const type of ['miniapp:navigate', 'miniapp:close', 'miniapp:error', 'miniapp:consent'])
    document.addEventListener(type, (e) => events.push({ id: e.target.id, type, detail: e.detail && JSON.parse(JSON.stringify(e.detail)) }));
</script>
<script type="module" src="${platform}/embed/miniapp-view.js"></script>
</head><body>${views}</body></html>`;
}

describe('<miniapp-view> on another origin', () => {
  let t: TestPlatform;
  let platformUrl: string;
  let pages: Server;
  let pageOrigin: string;
  let browser: Browser;
  let user: SignedIn;
  /** Pages other than `/`, by path. */
  const more: Record<string, string> = {};

  beforeAll(async () => {
    await ensureClientBuilt();
    let html = '';
    pages = createServer((req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(more[req.url ?? ''] ?? html),
    );
    await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
    // localhost, not 127.0.0.1: another origin than the platform's.
    pageOrigin = `http://localhost:${(pages.address() as AddressInfo).port}`;
    t = await startTestPlatform('sqlite', { CORS_ORIGINS: pageOrigin });
    platformUrl = await t.listen();
    const dev = await t.login('dev@uni.example');
    user = await t.login('ada@uni.example');
    const live = canteenScreens();
    await hostedApp(t, dev, { org: 'acme', slug: 'canteen', live });
    await hostedApp(t, dev, { org: 'acme', slug: 'library', live });
    await t.platform.db
      .updateTable('apps')
      .set({ scopes: '["email"]', liveScopes: '["email"]', liveName: 'Library' })
      .where('slug', '=', 'library')
      .execute();
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'launch',
      live: [
        {
          path: '/',
          json: {
            type: 'screen',
            children: [
              {
                type: 'text',
                text: 'Opened by ${launch.source} with ${launch.startParam} in ${launch.locale}',
              },
            ],
          },
        },
      ],
    });
    // The token set by a classic script before the module defines the element (the common order on a page).
    more['/early'] = `<!doctype html><miniapp-view id="early" app="acme/canteen"></miniapp-view>
<script>document.getElementById('early').token = ${JSON.stringify(user.token)};</script>
<script type="module" src="${platformUrl}/embed/miniapp-view.js"></script>`;
    html = hostPage(platformUrl, ['acme/canteen', 'acme/ghost', 'acme/library', 'acme/launch'], {
      'acme/launch': 'start-param="week-12" launch-source="push" locale="ru-RU"',
    });
    // The element's own texts in the language of its `lang`, else the page's, else the browser's.
    more['/lang-attribute'] = hostPage(platformUrl, ['acme/ghost', 'acme/library', 'acme/canteen'], {
      'acme/ghost': 'lang="ru"',
      'acme/library': 'lang="ru"',
    });
    // Opened from http://127.0.0.1:<pages' port>: an origin CORS_ORIGINS does not name.
    more['/unlisted'] = hostPage(platformUrl, ['acme/canteen', 'acme/ghost']);
    more['/unlisted-ru'] = hostPage(platformUrl, ['acme/canteen'], {}, 'ru');
    more['/lang-page'] = hostPage(
      platformUrl,
      ['acme/ghost', 'acme/canteen', 'acme/library'],
      { 'acme/library': 'lang="en"' },
      'ru',
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await new Promise((done) => pages?.close(done));
  });

  /** Exceptions no code of the page caught: the element must never leave one, whatever the input. */
  const uncaught: string[] = [];
  afterEach(() => {
    expect(uncaught.splice(0)).toEqual([]);
  });

  async function open(token: string, takeOverConsent = false, path = '/', locale = 'en-US'): Promise<Page> {
    const page = await (await browser.newContext({ locale })).newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    page.setDefaultTimeout(10_000);
    await page.goto(`${pageOrigin}${path}`);
    await page.waitForFunction(() => customElements.get('miniapp-view') !== undefined);
    await page.evaluate(
      ({ token, takeOverConsent }) => {
        if (takeOverConsent) {
          document.addEventListener('miniapp:consent', (e) => {
            e.preventDefault();
            (e as CustomEvent<{ respond(s: string[]): void }>).detail.respond(['email']);
          });
        }
        for (const view of document.querySelectorAll('miniapp-view'))
          (view as unknown as { token: string }).token = token;
      },
      { token, takeOverConsent },
    );
    return page;
  }
  const events = (page: Page) => page.evaluate(() => (window as unknown as { events: unknown[] }).events);

  it('draws the app in a shadow root, navigates with miniapp:navigate, and takes --miniapp-accent from the page', async () => {
    const page = await open(user.token);
    const view = page.locator('#v0');
    await view.getByText('Welcome').waitFor();
    expect(await view.evaluate((el) => el.shadowRoot?.mode)).toBe('open');
    const accent = await view
      .getByRole('button', { name: 'Menu' })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(accent).toBe('rgb(200, 30, 90)');
    await view.getByRole('button', { name: 'Menu' }).click();
    await view.getByText('Soup').waitFor();
    await view.getByRole('button', { name: 'Back' }).click();
    await view.getByText('Welcome').waitFor();
    await view.getByRole('button', { name: 'Back' }).click();
    const mine = (await events(page)).filter((e) => (e as { id: string }).id === 'v0');
    expect(mine).toEqual([
      { id: 'v0', type: 'miniapp:navigate', detail: { path: '/', depth: 1 } },
      { id: 'v0', type: 'miniapp:navigate', detail: { path: '/menu?day=mon', depth: 2 } },
      { id: 'v0', type: 'miniapp:navigate', detail: { path: '/', depth: 1 } },
      { id: 'v0', type: 'miniapp:close', detail: null },
    ]);
  });

  it("sends every call of an app's screens with that app's session token, never the user's JWT", async () => {
    const page = await (await browser.newContext()).newPage();
    const bearers = recordBearers(page);
    await page.goto(`${pageOrigin}/`);
    await page.waitForFunction(() => customElements.get('miniapp-view') !== undefined);
    await page.evaluate((token) => {
      for (const view of document.querySelectorAll('miniapp-view'))
        (view as unknown as { token: string }).token = token;
    }, user.token);
    const view = page.locator('#v0');
    await view.getByRole('button', { name: 'Menu' }).click();
    await view.getByText('Soup').waitFor();
    await page.locator('#v3').getByText('Opened by push').waitFor();
    const sent = await bearers.sent();
    const proxied = expectAppSessionsOnly(sent, user.token, 'acme/canteen');
    expectAppSessionsOnly(sent, user.token, 'acme/launch');
    // The start page, the menu and the storage read at opening; each app with a token of its own.
    expect(proxied.filter((c) => c.url.includes('/acme/canteen/')).length).toBeGreaterThanOrEqual(3);
    const tokenOf = (app: string) => proxied.find((c) => c.url.includes(`/${app}/`))?.authorization;
    expect(tokenOf('acme/canteen')).not.toBe(tokenOf('acme/launch'));
  });

  it('takes a token the page set before the script defined the element', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${pageOrigin}/early`);
    await page.locator('#early').getByText('Welcome').waitFor({ timeout: 10_000 });
  });

  it('passes its launch attributes to the screen and, through CORS, to the platform', async () => {
    const seen: Record<string, string>[] = [];
    const page = await open(user.token);
    page.on('request', (request) => {
      // The screen's own request, not its CORS preflight.
      if (request.method() === 'GET' && request.url().includes('/miniapp-proxy/acme/launch/'))
        seen.push(request.headers());
    });
    await page.locator('#v3').getByText('Opened by push with week-12 in ru-RU').waitFor();
    // The screen was asked for with the launch headers (the first load may precede the listener: reload once).
    seen.length = 0;
    await page.reload();
    await page.evaluate((token) => {
      for (const view of document.querySelectorAll('miniapp-view'))
        (view as unknown as { token: string }).token = token;
    }, user.token);
    await page.locator('#v3').getByText('Opened by push').waitFor();
    // Opened again, the kept screen is drawn first and asked for again just after (with its strings): polled.
    await expect
      .poll(() => seen)
      .toContainEqual(
        expect.objectContaining({
          'x-miniapps-start-param': 'week-12',
          'x-miniapps-launch-source': 'push',
          'accept-language': 'ru-RU',
        }),
      );
  });

  it('is one module behind a stable name: a revalidated redirect to a content-hashed file cached for a year', async () => {
    const stable = await t.request({
      method: 'GET',
      url: '/embed/miniapp-view.js',
      headers: { origin: pageOrigin },
    });
    expect(stable.statusCode).toBe(302);
    expect(stable.headers['cache-control']).toBe('no-cache');
    // Public to every origin (`*`, no credentials): an unlisted page must load it to learn it is unlisted.
    expect(stable.headers['access-control-allow-origin']).toBe('*');
    const location = String(stable.headers.location);
    expect(location).toMatch(/^\.\/miniapp-view\.[0-9a-f]{12}\.js$/);
    const hashed = await t.request({
      method: 'GET',
      url: `/embed/${location.slice(2)}`,
      headers: { origin: pageOrigin },
    });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['content-type']).toMatch(/^text\/javascript/);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['access-control-allow-origin']).toBe('*');
    const other = await t.request({
      method: 'GET',
      url: '/embed/miniapp-view.js',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBe('*');
    expect((await t.request({ method: 'GET', url: '/embed/miniapp-view.0000.js' })).statusCode).toBe(404);
  });

  it('an app that does not exist shows a clear state inside the element and dispatches miniapp:error', async () => {
    const page = await open(user.token);
    const state = page.locator('#v1').getByRole('alert');
    await state.waitFor();
    expect(await state.textContent()).toContain('There is no app "acme/ghost" here');
    const errors = (await events(page)).filter((e) => (e as { id: string }).id === 'v1');
    expect(errors).toEqual([
      { id: 'v1', type: 'miniapp:error', detail: expect.objectContaining({ code: 'app_not_found' }) },
    ]);
  });

  it('asks consent with its own dialog, unless the page cancels miniapp:consent and answers itself', async () => {
    const builtIn = await open(user.token);
    await builtIn.locator('#v2').getByRole('dialog', { name: 'Library asks for permissions' }).waitFor();

    const takenOver = await open(user.token, true);
    await takenOver.locator('#v2').getByText('Welcome').waitFor();
    const consent = (await events(takenOver)).find((e) => (e as { type: string }).type === 'miniapp:consent');
    expect(consent).toMatchObject({
      id: 'v2',
      detail: { declared: ['email'], ask: ['email'], update: false },
    });
    expect(await takenOver.locator('#v2').getByRole('dialog').count()).toBe(0);
  });

  it('a platform that is down, and a consent the user declines, are clear states and miniapp:error events', async () => {
    // Someone who has never chosen for the library, so its prompt appears.
    const page = await open((await t.login('bob@uni.example')).token);
    await page.evaluate(() => {
      const down = document.createElement('miniapp-view');
      down.id = 'down';
      down.setAttribute('platform', 'http://127.0.0.1:9');
      down.setAttribute('app', 'acme/canteen');
      (down as unknown as { token: string }).token = 'jwt';
      document.body.append(down);
    });
    const state = page.locator('#down').getByRole('alert');
    await state.waitFor();
    expect(await state.textContent()).toContain('The platform could not be reached');
    await page.locator('#v2').getByRole('button', { name: 'Not now' }).click();
    await page.locator('#v2').getByText('The app was not opened.').waitFor();
    const codes = (await events(page))
      .filter((e) => (e as { type: string }).type !== 'miniapp:consent')
      .map(
        (e) =>
          `${(e as { id: string }).id} ${(e as { type: string }).type} ${(e as { detail?: { code?: string } }).detail?.code ?? ''}`,
      );
    expect(codes).toEqual(
      expect.arrayContaining([
        'down miniapp:error network_error',
        'v2 miniapp:error consent_declined',
        'v2 miniapp:close ',
      ]),
    );
  });

  it('a consent withdrawn in the platform’s settings is asked again; left unanswered: a clear state and miniapp:error consent_revoked', async () => {
    const carol = await t.login('carol@uni.example');
    // Carol allows the library's e-mail in the element's own dialog.
    const page = await open(carol.token);
    const library = page.locator('#v2');
    const first = library.getByRole('dialog', { name: 'Library asks for permissions' });
    await first.getByRole('checkbox', { name: /E-mail/ }).check();
    await first.getByRole('button', { name: 'Allow selected' }).click();
    await library.getByText('Welcome').waitFor();
    // Then withdraws it in the platform's settings (another client: the platform's API).
    const withdrawn = await t.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/library/consent',
      headers: carol.auth,
      payload: { scopes: [] },
    });
    expect(withdrawn.statusCode).toBe(200);
    const reopen = async () => {
      await page.reload();
      await page.evaluate((token) => {
        for (const view of document.querySelectorAll('miniapp-view'))
          (view as unknown as { token: string }).token = token;
      }, carol.token);
    };
    await reopen();
    const again = library.getByRole('dialog', { name: 'Library asks again for permissions you withdrew' });
    await again.waitFor();
    expect(await again.textContent()).toContain('You withdrew: E-mail.');
    expect(await again.getByRole('checkbox', { name: /E-mail/ }).isChecked()).toBe(false);
    await again.getByRole('button', { name: 'Not now' }).click();
    const state = library.getByRole('alert');
    await state.waitFor();
    expect(await state.textContent()).toContain(
      "Access not granted: you withdrew this app's permissions (E-mail) and did not choose again",
    );
    expect(await state.getAttribute('data-error-code')).toBe('consent_revoked');
    const mine = (await events(page)).filter((e) => (e as { id: string }).id === 'v2');
    expect(mine).toContainEqual({
      id: 'v2',
      type: 'miniapp:error',
      detail: {
        code: 'consent_revoked',
        message: 'The app was not opened: its permissions were withdrawn (E-mail) and not chosen again.',
      },
    });
    // Open it: asked again; continuing without is an answer, so the next open asks nothing.
    await library.getByRole('button', { name: 'Open it' }).click();
    await again.getByRole('button', { name: 'Continue without' }).click();
    await library.getByText('Welcome').waitFor();
    await reopen();
    await library.getByText('Welcome').waitFor();
    expect(await library.getByRole('dialog').count()).toBe(0);
    const after = (await events(page)).filter((e) => (e as { id: string }).id === 'v2');
    expect(after.map((e) => (e as { type: string }).type)).toEqual(['miniapp:navigate']);
  });

  it('an expired token is a clear state and miniapp:error unauthorized', async () => {
    const page = await open('expired.jwt.token');
    await page.locator('#v0').getByRole('alert').waitFor();
    expect(await page.locator('#v0').getByRole('alert').textContent()).toContain('Your session has ended');
    // Every view of the page (four apps) reports it; they answer in any order.
    await page.waitForFunction(
      () =>
        (window as unknown as { events: { detail?: { code?: string } }[] }).events.filter(
          (e) => e.detail?.code === 'unauthorized',
        ).length >= 4,
    );
    const codes = (await events(page)).map((e) => (e as { detail?: { code?: string } }).detail?.code);
    expect(codes.filter((code) => code === 'unauthorized')).toHaveLength(4);
  });

  const alertOf = (page: Page, id: string) => page.locator(`#${id}`).getByRole('alert').textContent();

  it('speaks Russian with lang="ru": its states, the consent dialog and the miniapp:error messages', async () => {
    // Someone who has never chosen for the library, so its prompt appears; the canteen view gets no token.
    const bob = await t.login('bob@uni.example');
    const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${pageOrigin}/lang-attribute`);
    await page.waitForFunction(() => customElements.get('miniapp-view') !== undefined);
    await page.locator('#v2').getByText('Waiting for sign-in…').waitFor();
    await page.evaluate((token) => {
      for (const id of ['v0', 'v1'])
        (document.getElementById(id) as unknown as { token: string }).token = token;
      document.getElementById('v2')?.setAttribute('lang', 'ru');
    }, bob.token);
    await page.locator('#v2').getByText('Ожидание входа…').waitFor();
    await page.locator('#v0').getByRole('alert').waitFor();
    expect(await alertOf(page, 'v0')).toBe(
      'Не удалось открыть приложение. Приложения «acme/ghost» здесь нет, или оно не опубликовано. (app_not_found)Попробовать снова',
    );
    const dialog = page.locator('#v1').getByRole('dialog', { name: 'Library запрашивает разрешения' });
    await dialog.waitFor();
    await dialog.getByRole('group', { name: 'Разрешения' }).waitFor();
    await dialog.getByText('Электронная почта').waitFor();
    await dialog.getByText('ваш университетский адрес электронной почты').waitFor();
    await dialog.getByRole('button', { name: 'Запретить всё' }).waitFor();
    await dialog.getByRole('button', { name: 'Продолжить без них' }).waitFor();
    await dialog.getByRole('button', { name: 'Не сейчас' }).click();
    await page.locator('#v1').getByText('Приложение не открыто.').waitFor();
    await page.locator('#v1').getByRole('button', { name: 'Открыть' }).waitFor();
    const declined = (await events(page)).find(
      (e) => (e as { detail?: { code?: string } }).detail?.code === 'consent_declined',
    );
    expect(declined).toMatchObject({
      id: 'v1',
      detail: { message: 'Приложение не открыто: разрешения не выбраны.' },
    });
  });

  it('follows the page’s <html lang> unless its own lang says otherwise, inside a running app too', async () => {
    // The library opens without a prompt: a choice is on record.
    const chosen = await t.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/library/consent',
      headers: user.auth,
      payload: { scopes: ['email'] },
    });
    expect(chosen.statusCode).toBe(200);
    const page = await open(user.token, false, '/lang-page');
    await page.locator('#v0').getByRole('alert').waitFor();
    expect(await alertOf(page, 'v0')).toContain('Приложения «acme/ghost» здесь нет');
    // The running canteen: the renderer's back button is named in Russian.
    await page.locator('#v1').getByText('Welcome').waitFor();
    await page.locator('#v1').getByRole('button', { name: 'Назад' }).waitFor();
    // lang="en" on the element wins over the page's Russian.
    const library = page.locator('#v2');
    await library.getByText('Welcome').waitFor();
    await library.getByRole('button', { name: 'Back' }).waitFor();
  });

  it('without any lang, follows the browser’s languages; an expired session in Russian', async () => {
    const russian = await open('expired.jwt.token', false, '/', 'ru-RU');
    await russian.locator('#v0').getByRole('alert').waitFor();
    expect(await alertOf(russian, 'v0')).toContain(
      'Сеанс завершён. Войдите снова, чтобы открыть это приложение.',
    );
    const english = await open('expired.jwt.token', false, '/', 'en-US');
    await english.locator('#v0').getByRole('alert').waitFor();
    expect(await alertOf(english, 'v0')).toContain('Your session has ended.');
    const german = await open('expired.jwt.token', false, '/', 'de-DE');
    await german.locator('#v0').getByRole('alert').waitFor();
    expect(await alertOf(german, 'v0')).toContain('Your session has ended.');
  });

  it('on an origin CORS_ORIGINS does not name: loads, says why in the page’s language and dispatches miniapp:error origin_not_allowed, calling no API', async () => {
    const unlisted = pageOrigin.replace('localhost', '127.0.0.1');
    expect(unlisted).not.toBe(pageOrigin);
    const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    page.setDefaultTimeout(10_000);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(platformUrl)) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`${unlisted}/unlisted`);
    // Signed in or not: the origin is the first thing the element learns.
    await page.locator('#v1').getByRole('alert').waitFor();
    expect(await alertOf(page, 'v1')).toBe(
      `This page's origin (${unlisted}) is not allowed to embed mini-apps from this platform. The platform's operator adds it to CORS_ORIGINS. (origin_not_allowed)`,
    );
    await page.evaluate((token) => {
      for (const view of document.querySelectorAll('miniapp-view'))
        (view as unknown as { token: string }).token = token;
    }, user.token);
    await page.locator('#v0').getByRole('alert').waitFor();
    expect(await page.locator('#v0 [data-error-code]').getAttribute('data-error-code')).toBe(
      'origin_not_allowed',
    );
    const errors = (await events(page)).filter((e) => (e as { type: string }).type === 'miniapp:error');
    expect(errors).toEqual(
      ['v0', 'v1'].map((id) => ({
        id,
        type: 'miniapp:error',
        detail: {
          code: 'origin_not_allowed',
          message: `This page's origin (${unlisted}) is not allowed to embed mini-apps from this platform. The platform's operator adds it to CORS_ORIGINS.`,
        },
      })),
    );
    // The script and one question, asked once for both views; nothing the browser would refuse.
    expect(asked.filter((path) => !path.startsWith('/embed/miniapp-view.'))).toEqual(['/embed/origin']);

    const russian = await (await browser.newContext({ locale: 'en-US' })).newPage();
    russian.setDefaultTimeout(10_000);
    await russian.goto(`${unlisted}/unlisted-ru`);
    await russian.locator('#v0').getByRole('alert').waitFor();
    expect(await alertOf(russian, 'v0')).toBe(
      `Источнику этой страницы (${unlisted}) не разрешено встраивать мини-приложения этой платформы. Оператор платформы добавляет его в CORS_ORIGINS. (origin_not_allowed)`,
    );
  });
});
