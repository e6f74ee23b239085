// A page on the platform's own origin that runs <MiniApp> from the package sources, in Debian's chromium.

import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { ASSET_LOADERS, assetUrl } from '../../scripts/asset-url.js';

const entry = new URL('./test-page.tsx', import.meta.url).pathname;
const stylesheet = new URL('../../src/miniapp.css', import.meta.url).pathname;

let bundled: Promise<string> | undefined;

/** The test page's script: React, the host kit and the renderer, from their TypeScript sources. */
function pageScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    target: 'es2022',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"development"' },
    outdir: 'browser-page',
    loader: ASSET_LOADERS,
    plugins: [assetUrl],
    logLevel: 'silent',
  }).then((result) => result.outputFiles.find((f) => f.path.endsWith('.js'))!.text);
  return bundled;
}

/**
 * A page at `<baseUrl>/__host-test` (served by the browser, not the platform, so calls to the platform are
 * same-origin), with the stylesheet and `hostCss` (the host page's own theme) applied.
 */
export async function hostPage(browser: Browser, baseUrl: string, hostCss = ''): Promise<Page> {
  const script = await pageScript();
  const context = await browser.newContext({ viewport: { width: 600, height: 900 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.route(`${baseUrl}/__host-test`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><style>${readFileSync(stylesheet, 'utf8')}</style><style>${hostCss}</style></head><body><div id="app"></div></body></html>`,
    }),
  );
  await page.goto(`${baseUrl}/__host-test`);
  await page.addScriptTag({ content: script });
  return page;
}
