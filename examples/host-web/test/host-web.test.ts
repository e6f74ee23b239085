// examples/host-web as a user meets it: the portal (a real `node server.mjs` on its own origin) embeds the hosted
// campus guide with <miniapp-view> from the platform, themes it, navigates in it, and reports a missing app.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../../packages/server/test/helpers/platform.js';
import { hostedApp } from '../../../packages/server/test/helpers/proxy-apps.js';
import { ensureClientBuilt } from '../../../packages/web/scripts/ensure-built.js';
import { launchBrowser, newContext } from '../../../packages/web/test/helpers/browser.js';

const example = fileURLToPath(new URL('..', import.meta.url));
const screen = (file: string) =>
  JSON.parse(readFileSync(join(example, '../hosted/screens', file), 'utf8')) as object;

interface BrowserWindow {
  getComputedStyle(node: unknown): { color: string };
}

/** A loopback port nobody holds now, so the platform's CORS_ORIGINS can name the portal before it starts. */
function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `node server.mjs` and resolves with the portal's address once it says it listens. */
function startPortal(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(example, 'server.mjs')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk;
      const url = /Portal on (http:\/\/localhost:\d+\/)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.once('exit', (code) => reject(new Error(`server.mjs exited (${code}): ${out}`)));
  });
}

describe('examples/host-web: a plain HTML portal on another origin', () => {
  let t: TestPlatform;
  let platformUrl: string;
  let portal: { child: ChildProcess; url: string };
  let browser: Browser;

  beforeAll(async () => {
    await ensureClientBuilt();
    const port = await freePort();
    t = await startTestPlatform('sqlite', { CORS_ORIGINS: `http://localhost:${port}` });
    platformUrl = await t.listen();
    const dev = await t.login('guide-dev@uni.example');
    await hostedApp(t, dev, {
      org: 'demo-university',
      slug: 'campus-guide',
      live: [
        { path: '/', json: screen('index.json') },
        { path: '/timetable', json: screen('timetable.json') },
      ],
    });
    portal = await startPortal({
      MINIAPPS_URL: platformUrl,
      MINIAPPS_APP: 'demo-university/campus-guide',
      PORT: String(port),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    portal?.child.kill();
    await t?.close();
  });

  async function open(query = ''): Promise<Page> {
    // Waits fail within 10 s, and the page reaches only loopback (the portal and the platform).
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${portal.url}${query}`);
    return page;
  }

  it('draws the hosted app, navigates in it, and themes it with the page’s --miniapp-accent', async () => {
    const page = await open();
    expect(new URL(page.url()).origin).not.toBe(new URL(platformUrl).origin);
    const view = page.locator('miniapp-view');
    await view.getByRole('heading', { name: 'Welcome to campus' }).waitFor();
    await page.getByText('Page: /').waitFor();

    await view.getByText('Timetable').first().click();
    await page.getByText('Page: /timetable').waitFor();
    // The page is told of the move before the screen arrives: wait for the screen, whose last Back is its own
    // text button (the header's Back is drawn first, in the text colour).
    await view.getByText('09:00 Calculus I').waitFor();
    const back = view.getByRole('button', { name: 'Back' }).last();
    // A text button is drawn in the accent: the portal's colour, not the renderer's default blue.
    // Inside the page: its window, typed here by hand (this project compiles without the DOM library).
    const color = await back.evaluate(
      (button) => (globalThis as unknown as BrowserWindow).getComputedStyle(button).color,
    );
    expect(color).toBe('rgb(200, 30, 90)');

    await back.click();
    await view.getByRole('heading', { name: 'Welcome to campus' }).waitFor();
    await page.getByText('Page: /', { exact: true }).waitFor();
  });

  it('an app that does not exist is a clear state inside the element and miniapp:error app_not_found', async () => {
    const page = await open('?app=demo-university/ghost');
    const alert = page.locator('miniapp-view').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('There is no app "demo-university/ghost" here');
    await page.getByText('Error: app_not_found').waitFor();
  });
});
