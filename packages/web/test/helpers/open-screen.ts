// A bare Chromium page running the renderer on one screen (screen-page.tsx), bundled once per run with esbuild.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { ASSET_LOADERS, assetUrl } from '../../../react/scripts/asset-url.js';
import type { MountOptions, RuntimePageGlobal } from './screen-page.js';

const ENTRY = fileURLToPath(new URL('./screen-page.tsx', import.meta.url));

let bundled: Promise<{ js: string; css: string }> | undefined;

function bundle() {
  bundled ??= build({
    stdin: {
      contents: `import ${JSON.stringify(ENTRY)};\nimport '@miniapps/react/miniapp.css';\n`,
      resolveDir: dirname(ENTRY),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    outdir: 'screen-page',
    // The scanner's WebAssembly is emitted but never loaded here: these pages have no camera.
    loader: ASSET_LOADERS,
    plugins: [assetUrl],
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  }).then((result) => ({
    js: result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '',
    css: result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '',
  }));
  return bundled;
}

const SECURE_PAGE = 'http://localhost/screen';

/** The page's global, typed here without the DOM library. */
type PageGlobal = { runtimePage: RuntimePageGlobal };

/**
 * A fresh context (`context` sets the browser's locale, time zone…) whose page shows `screen` with the renderer
 * speaking `lang`; `before` runs in the page first (to take a browser feature away); `secure` serves it from
 * http://localhost, a secure context, instead of about:blank.
 */
export async function openScreen(
  browser: Browser,
  screen: unknown,
  lang: string,
  context: BrowserContextOptions = {},
  before?: () => void,
  { secure = false, ...mount }: Omit<MountOptions, 'screen' | 'lang'> & { secure?: boolean } = {},
): Promise<Page> {
  const { js, css } = await bundle();
  const ctx = await browser.newContext({ viewport: { width: 420, height: 900 }, ...context });
  ctx.setDefaultTimeout(5_000);
  const page = await ctx.newPage();
  const html = `<!doctype html><html><head><style>${css}</style></head><body></body></html>`;
  if (secure) {
    // A secure context (geolocation, wake lock): http://localhost, answered by the browser itself, no server.
    await page.route(SECURE_PAGE, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(SECURE_PAGE);
  } else await page.setContent(html);
  if (before) await page.evaluate(before);
  await page.addScriptTag({ content: js });
  await page.evaluate((options) => (globalThis as unknown as PageGlobal).runtimePage.mount(options), {
    ...mount,
    screen,
    lang,
  });
  return page;
}

/** The calls a pretend native host received so far. */
export function hostCallsOf(page: Page): Promise<RuntimePageGlobal['hostCalls']> {
  return page.evaluate(() => (globalThis as unknown as PageGlobal).runtimePage.hostCalls);
}

/** The API calls the screen made so far. */
export function requestsOf(page: Page): Promise<RuntimePageGlobal['requests']> {
  return page.evaluate(() => (globalThis as unknown as PageGlobal).runtimePage.requests);
}
