// Sending files in Chromium through the real platform to a real https origin (its SDK plugin verifies signature v2
// over the multipart body): a file over maxSize or of another type is refused on the page and never sent, a fitting
// one arrives whole, an HTML file named .pdf is refused by the proxy; the messages in English and Russian.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { originEnv, remoteApp } from '../../server/test/helpers/proxy-apps.js';
import {
  pdfOfSize,
  sha256,
  startUploadOrigin,
  type UploadOrigin,
} from '../../server/test/helpers/upload-origin.js';
import { launchBrowser, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { openScreen } from './helpers/open-screen.js';

const MAX_SIZE = 2048;

const noteScreen = {
  type: 'screen',
  title: 'Medical note',
  children: [
    {
      type: 'form',
      id: 'note',
      children: [
        { type: 'textField', name: 'comment', label: 'Comment' },
        {
          type: 'fileField',
          name: 'scan',
          label: 'Scan',
          accept: ['application/pdf', 'image/png'],
          maxSize: MAX_SIZE,
          maxFiles: 2,
          required: true,
        },
      ],
    },
    {
      type: 'button',
      label: 'Send',
      onTap: {
        actionType: 'submitForm',
        formId: 'note',
        url: '/notes',
        onSuccess: { actionType: 'showToast', message: 'Note sent' },
      },
    },
  ],
};

/** A file the page's picker is given. */
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

describe.each(dialects)('sending files in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let origin: UploadOrigin;
  let browser: Browser;
  let page: Page;
  let user: SignedIn;
  let secret = 'not-made-yet';
  /** Every request body the page sent anywhere, as text (latin1: byte for byte). */
  const sentBodies: string[] = [];

  beforeAll(async () => {
    origin = await startUploadOrigin(() => secret, noteScreen);
    t = await startWebPlatform(dialect, originEnv(testCertificates().caFile));
    browser = await launchBrowser();
    const dev = await t.login('dev@uni.example');
    user = await t.login('student@uni.example');
    await remoteApp(t, dev, { org: 'campus', slug: 'notes', origin: `https://origin.test:${origin.port}` });
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/orgs/campus/apps/notes/signing-secret',
      headers: dev.auth,
    });
    secret = made.json().secret as string;
    page = await pageAs(browser, t.baseUrl, user, '/apps/campus/notes');
    page.on('request', (request) => {
      const body = request.postDataBuffer();
      if (body) sentBodies.push(body.toString('latin1'));
    });
    await page.getByRole('heading', { name: 'Medical note' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await origin?.close();
  });

  it('a file one byte over maxSize is refused on the page and never leaves it', async () => {
    const over = pdfOfSize(MAX_SIZE + 1);
    over.write('OVERSIZED-MARKER', 100);
    await page.getByLabel('Scan').setInputFiles(file('big.pdf', 'application/pdf', over));
    await page.getByText('“big.pdf” is 2,049 B, over the limit of 2,048 B: it was not added.').waitFor();
    expect(await page.locator('.ma-file-list').count()).toBe(0);
    // Required and empty: Send sends nothing.
    await page.getByRole('button', { name: 'Send' }).click();
    expect(
      await page.getByLabel('Scan').evaluate((input: HTMLInputElement) => input.validity.customError),
    ).toBe(true);
    expect(sentBodies.some((body) => body.includes('OVERSIZED-MARKER'))).toBe(false);
    expect(origin.received).toHaveLength(0);
  });

  it('a type not in accept is refused on the page', async () => {
    await page.getByLabel('Scan').setInputFiles(file('notes.txt', 'text/plain', Buffer.from('hello')));
    await page
      .getByText('“notes.txt” is not one of the accepted types (PDF, PNG): it was not added.')
      .waitFor();
    expect(await page.locator('.ma-file-list').count()).toBe(0);
  });

  it('a file at maxSize is listed with its size and reaches the origin whole, v2 verified', async () => {
    const at = pdfOfSize(MAX_SIZE);
    await page.getByLabel('Comment').fill('Справка');
    await page.getByLabel('Scan').setInputFiles(file('справка.pdf', 'application/pdf', at));
    expect(await page.locator('.ma-file-list li').textContent()).toContain('справка.pdf 2 KB');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Note sent').waitFor();
    const received = origin.received.at(-1)!;
    expect(origin.refused).toBe(0);
    expect(received.url).toBe('/notes');
    expect(received.parts).toEqual([
      expect.objectContaining({ name: 'comment', value: 'Справка' }),
      { name: 'scan', filename: 'справка.pdf', type: 'application/pdf', bytes: MAX_SIZE, sha256: sha256(at) },
    ]);
  });

  it('an HTML file named .pdf passes the page (its name says PDF) but the proxy refuses it; the origin never sees it', async () => {
    const before = origin.arrived;
    await page.getByRole('button', { name: 'Remove справка.pdf' }).click();
    await page
      .getByLabel('Scan')
      .setInputFiles(
        file('certificate.pdf', 'application/pdf', Buffer.from('<!doctype html><script>alert(1)</script>')),
      );
    await page.getByRole('button', { name: 'Send' }).click();
    const error = page.locator('.ma-error[role="alert"]');
    await error.waitFor();
    expect(await error.textContent()).toContain('(file_type_refused)');
    expect(origin.arrived).toBe(before);
  });
});

describe('the file picker in Russian, and its progress bar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('says why a file is refused, in Russian, and shows the sizes in Russian', async () => {
    const page = await openScreen(browser, noteScreen, 'ru');
    await page.getByLabel('Scan').setInputFiles(file('большой.pdf', 'application/pdf', pdfOfSize(3 * 1024)));
    await page.getByText('«большой.pdf» весит 3 КБ, больше допустимых 2 КБ: файл не добавлен.').waitFor();
    await page.getByLabel('Scan').setInputFiles(file('скан.png', 'image/png', Buffer.alloc(1536)));
    expect(await page.locator('.ma-file-list li').textContent()).toContain('скан.png 1,5 КБ');
  });

  it('shows a progress bar while the files are sent', async () => {
    const page = await openScreen(browser, noteScreen, 'en');
    await page.getByLabel('Scan').setInputFiles(file('a.pdf', 'application/pdf', pdfOfSize(100)));
    await page.getByRole('button', { name: 'Send' }).click();
    // The page's stub source reports half the body sent, then answers a moment later.
    await page.getByText('Sending files: 50%').waitFor();
    await page.getByText('Note sent').waitFor();
    expect(await page.locator('.ma-upload-progress').count()).toBe(0);
  });
});
