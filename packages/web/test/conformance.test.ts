// Runs every conformance fixture of packages/schema/conformance against the React renderer in Chromium: the
// user's steps are played, and the trace of requests, navigations and effects must equal the fixture's.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from './conformance/fixture.js';
import { playStep } from './conformance/steps.js';
import { launchBrowser } from './helpers/chromium.js';

const CONFORMANCE = fileURLToPath(new URL('../../schema/conformance/', import.meta.url));
const PAGE_ENTRY = fileURLToPath(new URL('./conformance/page.tsx', import.meta.url));
const SCHEMA_FILE = 'fixture.schema.json';
const files = readdirSync(CONFORMANCE)
  .filter((name) => name.endsWith('.json') && name !== SCHEMA_FILE)
  .sort();

function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(join(CONFORMANCE, name), 'utf8')) as Fixture;
}

/** The page's script and the renderer's stylesheet, bundled for the browser as a host would ship them. */
async function bundlePage(): Promise<{ js: string; css: string }> {
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
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  if (!js) throw new Error('esbuild produced no script');
  return { js: js.text, css: result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '' };
}

describe('conformance fixtures', () => {
  let browser: Browser;
  let bundle: { js: string; css: string };
  beforeAll(async () => {
    [bundle, browser] = await Promise.all([bundlePage(), launchBrowser()]);
  });
  afterAll(() => browser?.close());

  it('cover every action and the unknown-type fallback, each in the fixture format', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(join(CONFORMANCE, SCHEMA_FILE), 'utf8')));
    for (const name of files)
      expect(validate(fixture(name)), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    expect(files.length).toBeGreaterThanOrEqual(10);
    const text = files.map((name) => readFileSync(join(CONFORMANCE, name), 'utf8')).join('\n');
    const registry = JSON.parse(readFileSync(join(CONFORMANCE, '../spec/registry.json'), 'utf8'));
    for (const action of Object.keys(registry.actions))
      expect(text, action).toContain(`"actionType": "${action}"`);
  });

  it.each(files)('%s', async (name) => {
    const current = fixture(name);
    const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    context.setDefaultTimeout(5_000);
    try {
      const page = await context.newPage();
      await page.setContent(
        `<!doctype html><html><head><style>${bundle.css}</style></head><body></body></html>`,
      );
      await page.addScriptTag({ content: bundle.js });
      await page.evaluate((f) => window.conformance.start(f), current);
      await page.evaluate(() => window.conformance.settle());
      for (const [index, step] of current.steps.entries()) {
        try {
          await playStep(page, step);
        } catch (error) {
          throw new Error(
            `step ${index + 1} ${JSON.stringify(step)}: ${(error as Error).message.split('\n')[0]}`,
          );
        }
        await page.evaluate(() => window.conformance.settle());
      }
      expect(await page.evaluate(() => window.conformance.trace)).toEqual(current.trace);
    } finally {
      await context.close();
    }
  });
});
