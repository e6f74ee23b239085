// Runs every conformance fixture of packages/schema/conformance against the React renderer in Chromium, on React
// and on the runtime <miniapp-view> is built with (preact/compat): the user's steps are played, and the trace of
// requests, navigations and effects must equal the fixture's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELEMENT_RUNTIME_ALIAS } from '../scripts/embed-element.js';
import type { Fixture } from './conformance/fixture.js';
import { bundlePage, type PageBundle, playFixture } from './conformance/harness.js';
import { launchBrowser } from './helpers/chromium.js';

const CONFORMANCE = fileURLToPath(new URL('../../schema/conformance/', import.meta.url));
const SCHEMA_FILE = 'fixture.schema.json';
const files = readdirSync(CONFORMANCE)
  .filter((name) => name.endsWith('.json') && name !== SCHEMA_FILE)
  .sort();

function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(join(CONFORMANCE, name), 'utf8')) as Fixture;
}

describe('conformance fixtures', () => {
  let browser: Browser;
  let bundle: PageBundle;
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
    expect(await playFixture(browser, bundle, current)).toEqual(current.trace);
  });
});

describe('conformance fixtures on the element runtime (preact/compat)', () => {
  let browser: Browser;
  let bundle: PageBundle;
  beforeAll(async () => {
    [bundle, browser] = await Promise.all([bundlePage(ELEMENT_RUNTIME_ALIAS), launchBrowser()]);
  });
  afterAll(() => browser?.close());

  it('bundles Preact, not React', () => {
    // esbuild names each bundled module's path in a comment (the page is not minified).
    expect(bundle.js).toContain('node_modules/preact/');
    expect(bundle.js).not.toMatch(/node_modules\/react(-dom)?\//);
  });

  it.each(files)('%s', async (name) => {
    const current = fixture(name);
    expect(await playFixture(browser, bundle, current)).toEqual(current.trace);
  });
});
