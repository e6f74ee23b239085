// Plays conformance fixtures in Chromium: the page's script bundled as a host would ship it, a fixture's steps
// played, the trace of what the renderer asked of its host read back.

import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { ASSET_LOADERS, assetUrl } from '../../../react/scripts/asset-url.js';
import type { Fixture, TraceEvent } from './fixture.js';
import { playStep } from './steps.js';

const PAGE_ENTRY = fileURLToPath(new URL('./page.tsx', import.meta.url));

/** The page's global (page.tsx), typed here without the DOM library: this file is also compiled for Node. */
type PageGlobal = {
  conformance: { start(fixture: Fixture): void; settle(): Promise<void>; trace: TraceEvent[] };
};

export interface PageBundle {
  js: string;
  css: string;
}

/**
 * The page's script and the renderer's stylesheet, bundled for the browser as a host would ship them; `alias`
 * swaps the runtime underneath (the element's `preact/compat`).
 */
export async function bundlePage(alias?: Record<string, string>): Promise<PageBundle> {
  const result = await build({
    stdin: {
      contents: `import ${JSON.stringify(PAGE_ENTRY)};\nimport '@miniapps/react/miniapp.css';\n`,
      resolveDir: dirname(PAGE_ENTRY),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    outdir: 'conformance',
    loader: ASSET_LOADERS,
    plugins: [assetUrl],
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    ...(alias && { alias }),
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  if (!js) throw new Error('esbuild produced no script');
  return { js: js.text, css: result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '' };
}

/** Plays a fixture's steps in a fresh context; resolves with the trace (a failed step throws, naming it). */
export async function playFixture(
  browser: Browser,
  bundle: PageBundle,
  fixture: Fixture,
): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  context.setDefaultTimeout(5_000);
  try {
    const page = await context.newPage();
    await page.setContent(
      `<!doctype html><html><head><style>${bundle.css}</style></head><body></body></html>`,
    );
    await page.addScriptTag({ content: bundle.js });
    await page.evaluate((f) => (globalThis as unknown as PageGlobal).conformance.start(f), fixture);
    await page.evaluate(() => (globalThis as unknown as PageGlobal).conformance.settle());
    for (const [index, step] of fixture.steps.entries()) {
      try {
        await playStep(page, step);
      } catch (error) {
        throw new Error(
          `step ${index + 1} ${JSON.stringify(step)}: ${(error as Error).message.split('\n')[0]}`,
        );
      }
      await page.evaluate(() => (globalThis as unknown as PageGlobal).conformance.settle());
    }
    return await page.evaluate(() => (globalThis as unknown as PageGlobal).conformance.trace);
  } finally {
    await context.close();
  }
}
