// Codes in Chromium: a qrCode drawn on screen decodes back to its value (zxing-wasm reading a screenshot), and a
// scanCode screen in <miniapp-view> on another origin reads a QR code from a fake camera (a .y4m video made here)
// and sends it through the proxy to a real https origin. A refused camera and a missing one are clear states in the
// user's language that run onError; Cancel closes the camera and sends nothing.
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { originEnv, remoteApp } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { blankVideo, codesInPicture, qrVideo } from './helpers/fake-camera.js';
import { openScreen } from './helpers/open-screen.js';

/** A pass: Cyrillic and punctuation, so the code carries UTF-8 bytes, not just digits. */
const PASS = 'PASS-2026-12-15/Ада Лавлейс #204';

const passScreen = (value: string, extra: object = {}) => ({
  type: 'screen',
  state: { code: value, shown: true },
  children: [
    {
      type: 'qrCode',
      value: '${state.code}',
      caption: 'Show at the turnstile',
      visibleIf: '${state.shown}',
      ...extra,
    },
    { type: 'button', label: 'Hide', onTap: { actionType: 'setState', values: { 'state.shown': false } } },
  ],
});

/** Counts the page's wake lock requests and releases (the browser's own is absent in headless Chromium). */
function fakeWakeLock() {
  const page = globalThis as unknown as { navigator: object; locks: { held: number; released: number } };
  page.locks = { held: 0, released: 0 };
  Object.defineProperty(page.navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: async () => {
        page.locks.held++;
        return { release: async () => void page.locks.released++ };
      },
    },
  });
}

describe('qrCode in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('draws the value as a QR code that a decoder reads back, and keeps the screen awake while shown', async () => {
    const page = await openScreen(browser, passScreen(PASS), 'en', {}, fakeWakeLock);
    try {
      const code = page.getByRole('img', { name: 'Show at the turnstile' });
      await code.waitFor();
      expect(await page.getByText('Show at the turnstile', { exact: true }).count()).toBe(1);
      const box = await code.boundingBox();
      expect(box?.width).toBe(240);
      expect(await codesInPicture(await code.screenshot())).toEqual([{ text: PASS, format: 'QRCode' }]);
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as { locks: object }).locks))
        .toEqual({ held: 1, released: 0 });
      // Gone from the screen: the screen may sleep again.
      await page.getByText('Hide', { exact: true }).click();
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as { locks: object }).locks))
        .toEqual({ held: 1, released: 1 });
    } finally {
      await page.context().close();
    }
  });

  it('at its limits: 1000 characters at the largest size still decode; 1001 are refused, not drawn', async () => {
    const longest = 'x'.repeat(1000);
    const page = await openScreen(
      browser,
      passScreen(longest, { size: 480, keepAwake: false }),
      'en',
      {},
      fakeWakeLock,
    );
    try {
      const code = page.getByRole('img', { name: 'Show at the turnstile' });
      await code.waitFor();
      expect(await codesInPicture(await code.screenshot())).toEqual([{ text: longest, format: 'QRCode' }]);
      expect(await page.evaluate(() => (globalThis as unknown as { locks: object }).locks)).toEqual({
        held: 0,
        released: 0,
      });
    } finally {
      await page.context().close();
    }
    // One past the registry's maxLength: the widget is drawn as nothing (a placeholder in development).
    const over = await openScreen(browser, passScreen('x'.repeat(1001)), 'en');
    try {
      await over.locator('.ma-placeholder, .ma-screen').first().waitFor();
      expect(await over.locator('svg.ma-qr-code').count()).toBe(0);
    } finally {
      await over.context().close();
    }
  });

  it('a text too long for any QR code says so in the user language', async () => {
    // 1000 characters of three UTF-8 bytes each: 3000 bytes, over version 40's 2331 at level M.
    const page = await openScreen(browser, passScreen('渋'.repeat(1000)), 'ru');
    try {
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('Этот текст слишком длинный для QR-кода.');
    } finally {
      await page.context().close();
    }
  });

  it('a page without a camera API: scanCode says there is no camera, in Russian, and runs onError', async () => {
    const page = await openScreen(browser, scanScreen, 'ru');
    try {
      await page.getByText('Scan', { exact: true }).click();
      await expect
        .poll(() => page.getByText(/^Problem:/).textContent())
        .toBe('Problem: На этом устройстве нет доступной камеры.');
      expect(await page.locator('.ma-scanner').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});

/** Scans a QR code into state, then sends it to the origin; a failure is written where the user sees it. */
const scanScreen = {
  type: 'screen',
  state: { scanned: '', problem: '', seat: '' },
  children: [
    {
      type: 'button',
      label: 'Scan',
      onTap: {
        actionType: 'scanCode',
        format: 'qr',
        resultTo: 'state.scanned',
        onResult: {
          actionType: 'networkRequest',
          method: 'POST',
          url: '/checkin',
          body: { code: '${result.text}', format: '${result.format}' },
          resultTo: 'state.seat',
        },
        onError: { actionType: 'setState', values: { 'state.problem': '${error.message}' } },
      },
    },
    { type: 'text', text: 'Scanned: ${state.scanned}' },
    { type: 'text', text: 'Seat: ${state.seat.seat}' },
    { type: 'text', text: 'Problem: ${state.problem}' },
  ],
};

describe.each(dialects.slice(0, 1))('scanCode in <miniapp-view> with a fake camera on %s', (dialect) => {
  let t: WebPlatform;
  let origin: { port: number; bodies: unknown[]; close(): Promise<void> };
  let pages: Server;
  let pageOrigin: string;
  let user: SignedIn;
  const browsers: Browser[] = [];
  /** The camera sees a QR code of PASS; permission granted without asking. */
  let scanning: Browser;
  /** The camera sees nothing; permission granted. */
  let blank: Browser;
  /** A camera, but nobody grants it: the browser refuses. */
  let refusing: Browser;

  beforeAll(async () => {
    const bodies: unknown[] = [];
    const server = createHttpsServer(testCertificates(), (req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0];
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && path === '/checkin') {
          bodies.push(JSON.parse(body));
          res.end(JSON.stringify({ seat: 'A1' }));
        } else res.end(JSON.stringify(scanScreen));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = {
      port: (server.address() as AddressInfo).port,
      bodies,
      close: () => new Promise((done) => server.close(() => done())),
    };
    pages = createServer((req, res) => {
      const lang = /lang=(\w+)/.exec(req.url ?? '')?.[1] ?? 'en';
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
            `<script type="module" src="${t.baseUrl}/embed/miniapp-view.js"></script></head>` +
            '<body><miniapp-view app="acme/checkin"></miniapp-view></body></html>',
        );
    });
    await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
    // localhost: a secure context (the camera API exists) on another origin than the platform's.
    pageOrigin = `http://localhost:${(pages.address() as AddressInfo).port}`;
    t = await startWebPlatform(dialect, {
      ...originEnv(testCertificates().caFile),
      CORS_ORIGINS: pageOrigin,
    });
    const dev = await t.login('dev@uni.example');
    user = await t.login('ada@uni.example');
    await remoteApp(t, dev, { org: 'acme', slug: 'checkin', origin: `https://origin.test:${origin.port}` });
    const camera = ['--use-fake-device-for-media-stream'];
    scanning = await launchBrowser([
      ...camera,
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(PASS)}`,
    ]);
    blank = await launchBrowser([
      ...camera,
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${blankVideo()}`,
    ]);
    refusing = await launchBrowser(camera);
    browsers.push(scanning, blank, refusing);
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await t?.close();
    await origin?.close();
    await new Promise((done) => pages?.close(done));
  });

  async function openElement(browser: Browser, lang: string): Promise<Page> {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${pageOrigin}/?lang=${lang}`);
    await page.waitForFunction(() => customElements.get('miniapp-view') !== undefined);
    await page.evaluate((token) => {
      (document.querySelector('miniapp-view') as unknown as { token: string }).token = token;
    }, user.token);
    await page.getByText('Scan', { exact: true }).waitFor();
    return page;
  }

  it('reads the QR code from the camera, keeps it in state and sends it through the proxy to the origin', async () => {
    const page = await openElement(scanning, 'en');
    const origins = new Set<string>();
    const loaded: string[] = [];
    const types = new Map<string, string | undefined>();
    page.on('request', (request) => {
      origins.add(new URL(request.url()).origin);
      loaded.push(new URL(request.url()).pathname);
    });
    page.on('response', (res) => types.set(new URL(res.url()).pathname, res.headers()['content-type']));
    try {
      await page.getByText('Scan', { exact: true }).click();
      await expect
        .poll(() => page.getByText(/^Scanned:/).textContent(), { timeout: 20_000 })
        .toBe(`Scanned: ${PASS}`);
      await expect.poll(() => page.getByText(/^Seat:/).textContent()).toBe('Seat: A1');
      expect(origin.bodies).toEqual([{ code: PASS, format: 'qr' }]);
      // The camera is off and the overlay gone once a code is read.
      expect(await page.locator('.ma-scanner').count()).toBe(0);
      // The decoder came from the platform's own files, loaded when the scan started: no CDN.
      const wasm = loaded.filter((path) => path.endsWith('.wasm'));
      expect(wasm).toHaveLength(1);
      expect(wasm[0]).toMatch(/^\/embed\/zxing_reader\.\w+\.wasm$/);
      expect(types.get(wasm[0] ?? '')).toBe('application/wasm');
      // Everything the scan loaded came from the platform (or the page's own origin): no CDN.
      expect(origins.has(new URL(t.baseUrl).origin)).toBe(true);
      for (const seen of origins) expect([new URL(t.baseUrl).origin, pageOrigin]).toContain(seen);
    } finally {
      await page.context().close();
    }
  });

  it('the web client scans too: its policy lets the reader compile its WebAssembly, from /assets', async () => {
    const page = await (await newContext(scanning, { who: user })).newPage();
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    const before = origin.bodies.length;
    try {
      await page.goto(`${t.baseUrl}/apps/acme/checkin`);
      await page.getByText('Scan', { exact: true }).click();
      await expect
        .poll(() => page.getByText(/^Scanned:/).textContent(), { timeout: 20_000 })
        .toBe(`Scanned: ${PASS}`);
      // The value is shown as it is read; the origin's answer comes after the POST it was sent in.
      await expect.poll(() => page.getByText(/^Seat:/).textContent()).toBe('Seat: A1');
      expect(origin.bodies.slice(before)).toEqual([{ code: PASS, format: 'qr' }]);
      expect(loaded.filter((path) => path.endsWith('.wasm'))).toEqual([
        expect.stringMatching(/^\/assets\/zxing_reader-[\w-]+\.wasm$/),
      ]);
    } finally {
      await page.context().close();
    }
  });

  it('serves the later files the manifest lists, as WebAssembly and scripts cached for a year, and nothing else', async () => {
    // The manifest itself is the build's, not a page's.
    expect((await fetch(`${t.baseUrl}/embed/manifest.json`)).status).toBe(404);
    const element = await fetch(`${t.baseUrl}/embed/miniapp-view.js`, { redirect: 'manual' });
    expect(element.status).toBe(302);
    const module = await (
      await fetch(new URL(element.headers.get('location') ?? '', `${t.baseUrl}/embed/`))
    ).text();
    const later = [...module.matchAll(/"\.\/(lazy\.\w+\.js)"/g)].map((m) => m[1]);
    expect(later.length).toBeGreaterThanOrEqual(2);
    for (const file of later) {
      const res = await fetch(`${t.baseUrl}/embed/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/embed/..%2fmanifest.json', '/embed/%2e%2e%2fembed%2fmanifest.json']) {
      expect((await fetch(`${t.baseUrl}${path}`)).status, path).toBe(404);
    }
    // A NUL is refused by the platform before any route reads it.
    expect((await fetch(`${t.baseUrl}/embed/lazy%00.js`)).status).toBe(400);
  });

  it('the element does not load the decoder before a scan starts', async () => {
    const page = await (await newContext(scanning)).newPage();
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    try {
      await page.goto(`${pageOrigin}/?lang=en`);
      await page.waitForFunction(() => customElements.get('miniapp-view') !== undefined);
      await page.evaluate((token) => {
        (document.querySelector('miniapp-view') as unknown as { token: string }).token = token;
      }, user.token);
      await page.getByText('Scan', { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(
        loaded.filter((path) => path.startsWith('/embed/') && !path.startsWith('/embed/miniapp-view')),
      ).toEqual(['/embed/origin']);
    } finally {
      await page.context().close();
    }
  });

  it('Cancel closes the camera: nothing is kept, nothing is sent, no error', async () => {
    const page = await openElement(blank, 'en');
    const before = origin.bodies.length;
    try {
      await page.getByText('Scan', { exact: true }).click();
      await page.getByText('Point the camera at the code.').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.locator('.ma-scanner').count()).toBe(0);
      await page.waitForTimeout(300);
      expect(await page.getByText(/^Scanned:/).textContent()).toBe('Scanned: ');
      expect(await page.getByText(/^Problem:/).textContent()).toBe('Problem: ');
      expect(origin.bodies.length).toBe(before);
    } finally {
      await page.context().close();
    }
  });

  it.each([
    [
      'en',
      "Problem: The camera is not allowed: allow this site to use the camera in the browser's settings, then try again.",
    ],
    [
      'ru',
      'Problem: Доступ к камере запрещён: разрешите этому сайту камеру в настройках браузера и попробуйте снова.',
    ],
  ])('a refused camera is a clear state in %s and runs onError', async (lang, shown) => {
    const page = await openElement(refusing, lang);
    const before = origin.bodies.length;
    try {
      await page.getByText('Scan', { exact: true }).click();
      await expect.poll(() => page.getByText(/^Problem:/).textContent()).toBe(shown);
      expect(await page.locator('.ma-scanner').count()).toBe(0);
      expect(origin.bodies.length).toBe(before);
    } finally {
      await page.context().close();
    }
  });
});
