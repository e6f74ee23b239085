// Device actions in Chromium through the whole platform: the web client fetches a remote app's document through
// the proxy's document route with the app's session token and saves it under the screen's file name; an HTML answer
// disguised as a PDF is refused (502 origin_bad_document) and the user is told, with nothing saved; openMap opens
// the operator's MAP_LINK_TEMPLATE, handed to the client by the platform.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { originEnv, remoteApp } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

const screen = {
  type: 'screen',
  children: [
    {
      type: 'button',
      label: 'Certificate',
      onTap: { actionType: 'openDocument', url: '/files/cert-2026?format=pdf', filename: 'Справка 2026.pdf' },
    },
    {
      type: 'button',
      label: 'Disguised',
      onTap: {
        actionType: 'openDocument',
        url: '/files/disguised',
        filename: 'certificate.pdf',
        onError: { actionType: 'setState', values: { 'state.failure': '${error.code}' } },
      },
    },
    { type: 'text', text: 'Failure: ${state.failure}' },
    {
      type: 'button',
      label: 'Library',
      onTap: { actionType: 'openMap', latitude: 59.9343, longitude: 30.3351, label: 'Library' },
    },
  ],
};

describe('device actions in Chromium', () => {
  let t: WebPlatform;
  let origin: Server;
  let browser: Browser;
  let user: SignedIn;
  const asked: string[] = [];

  beforeAll(async () => {
    origin = createServer(testCertificates(), (req, res) => {
      const url = req.url ?? '/';
      asked.push(url);
      if (url.startsWith('/files/cert-2026')) {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length }).end(PDF);
      } else if (url.startsWith('/files/disguised')) {
        res
          .writeHead(200, { 'content-type': 'application/pdf' })
          .end('<!doctype html><script>alert(1)</script>');
      } else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(screen));
    });
    await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
    t = await startWebPlatform('sqlite', {
      ...originEnv(testCertificates().caFile),
      MAP_LINK_TEMPLATE: 'https://maps.uni.example/show?ll={latitude},{longitude}&q={label}',
    });
    browser = await launchBrowser();
    const dev = await t.login('dev@uni.example');
    user = await t.login('ada@uni.example');
    await remoteApp(t, dev, {
      org: 'acme',
      slug: 'registrar',
      origin: `https://origin.test:${(origin.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await new Promise((done) => origin?.close(done));
  });

  it('downloads the document under the screen’s file name, byte for byte', async () => {
    const context = await newContext(browser, { who: user, acceptDownloads: true });
    try {
      const page = await context.newPage();
      await page.goto(`${t.baseUrl}/apps/acme/registrar`);
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Certificate' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Справка 2026.pdf');
      expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);
      expect(asked).toContain('/files/cert-2026?format=pdf');
    } finally {
      await context.close();
    }
  });

  it('an HTML page sent as a PDF is refused: the user is told, onError runs, nothing is saved', async () => {
    const context = await newContext(browser, { who: user, acceptDownloads: true });
    try {
      const page = await context.newPage();
      let downloads = 0;
      page.on('download', () => downloads++);
      await page.goto(`${t.baseUrl}/apps/acme/registrar`);
      await page.getByRole('button', { name: 'Disguised' }).click();
      await expect.poll(() => page.getByText(/^Failure:/).textContent()).toBe('Failure: origin_bad_document');
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('origin_bad_document');
      expect(downloads).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("openMap opens the operator's map link, which the platform handed to the client", async () => {
    const context = await newContext(browser, { who: user });
    try {
      // The map's address answered by the browser itself: nothing leaves the machine.
      await context.route('https://maps.uni.example/**', (route) => route.fulfill({ body: 'map' }));
      const page = await context.newPage();
      await page.goto(`${t.baseUrl}/apps/acme/registrar`);
      const opened = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Library' }).click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(tab.url()).toBe('https://maps.uni.example/show?ll=59.9343,30.3351&q=Library');
    } finally {
      await context.close();
    }
  });
});
