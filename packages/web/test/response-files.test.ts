// A hosted form with a fileField filled and sent in Chromium through the web client: the response and its file
// reach the platform's file store, and the app's owner downloads the same bytes.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { pdfOfSize } from '../../server/test/helpers/upload-origin.js';
import { launchBrowser, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const formScreen = {
  type: 'screen',
  title: 'Certificate',
  children: [
    {
      type: 'form',
      id: 'cert',
      collect: { name: 'certs', maxPerUser: 1 },
      children: [
        { type: 'textField', name: 'fullName', label: 'Full name', required: true },
        { type: 'fileField', name: 'scan', label: 'Scan', accept: ['application/pdf'], required: true },
        {
          type: 'button',
          label: 'Send',
          onTap: {
            actionType: 'submitForm',
            target: 'responses',
            onSuccess: { actionType: 'showToast', message: 'Certificate sent' },
          },
        },
      ],
    },
  ],
};

describe.each(dialects)('a hosted form with a file in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let page: Page;
  let dev: SignedIn;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example');
    const student = await t.login('student@uni.example');
    await hostedApp(t, dev, { org: 'campus', slug: 'certs', live: [{ path: '/', json: formScreen }] });
    page = await pageAs(browser, t.baseUrl, student, '/apps/campus/certs');
    await page.getByRole('heading', { name: 'Certificate' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('sends the values and the file as one response; the owner downloads the same bytes', async () => {
    const scan = pdfOfSize(40_000);
    await page.getByLabel('Full name').fill('Анна Петрова');
    await page
      .getByLabel('Scan')
      .setInputFiles({ name: 'справка.pdf', mimeType: 'application/pdf', buffer: scan });
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Certificate sent').waitFor();

    const list = await t.request({
      method: 'GET',
      url: '/api/v1/orgs/campus/apps/certs/responses?form=certs',
      headers: dev.auth,
    });
    const [response] = list.json().responses;
    expect(response.values.fullName).toBe('Анна Петрова');
    expect(response.files).toEqual([
      {
        id: expect.any(String),
        field: 'scan',
        name: 'справка.pdf',
        size: scan.length,
        type: 'application/pdf',
      },
    ]);
    const file = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/campus/apps/certs/responses/${response.id}/files/${response.files[0].id}`,
      headers: dev.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(scan)).toBe(true);

    // The owner's console lists the response with its file as a link that downloads the same bytes.
    const owner = await pageAs(browser, t.baseUrl, dev, '/console/orgs/campus/apps/certs/responses');
    const link = owner.getByTestId('response-file');
    await link.waitFor();
    expect(await link.textContent()).toContain('справка.pdf');
    const [download] = await Promise.all([owner.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('справка.pdf');
    expect((await readFile((await download.path())!)).equals(scan)).toBe(true);
  });
});
