// `npm run bench:studio`: in chromium, the screen studio open on one screen of a 30-screen app (16 KB each), 60
// characters typed one real key event at a time, and per keystroke the time until the findings list beside the
// editor changed in the DOM (and the frame after it), split into the lint debounce and the work after it; also the
// key to the next frame (the character drawn), and the studio chunk's gzipped size.
// Run: npm run bench:studio [-- --keys 60 --gap 200]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../../packages/server/test/helpers/platform.js';
import { ensureClientBuilt } from '../../packages/web/scripts/ensure-built.js';
import { FINDINGS_MARK, LINT_DELAY_MS } from '../../packages/web/src/studio/findings-timing.js';
import { launchBrowser, newContext } from '../../packages/web/test/helpers/browser.js';
import { makeScreen } from '../screens.js';

/** Issue 35: a keystroke to its findings shown, median. */
export const TARGET_MS = 50;
export const CHUNK_TARGET_KB = 250;
const SCREENS = 30;
const SCREEN_BYTES = 16 * 1024;
const ASSETS = join(import.meta.dirname, '../../packages/web/dist/assets');

/** One keystroke, times from the page's clock (ms): the key event, the findings pass, the list changed, painted. */
export interface Keystroke {
  key: number;
  /** The findings pass that started after the key (the debounce ended), or undefined if none was marked. */
  lint: number | undefined;
  dom: number;
  frame: number;
  /** The frame after the key itself: the character drawn in the editor. */
  typed: number;
}

export interface Stats {
  median: number;
  p90: number;
}

export function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, p90: at(0.9) };
}

/**
 * In the page: a listener on the keys (capture, before the editor's), an observer on the findings list, and `arm()` then
 * `shown()` resolving with the times of the next keystroke once its findings are shown. A script string: this file is compiled
 * without the DOM types.
 */
const INSTRUMENT = `window.__studioBench = (() => {
  const findings = document.querySelector('section[aria-label="Findings"]');
  let pending = null, key = 0, typed = 0;
  const afterPaint = (then) => requestAnimationFrame(() => setTimeout(then, 0));
  document.addEventListener('keydown', (event) => {
    if (!pending) return;
    key = event.timeStamp;
    afterPaint(() => { typed = performance.now(); });
  }, true);
  new MutationObserver(() => {
    if (!pending || !key) return;
    const dom = performance.now();
    const resolve = pending;
    pending = null;
    const lint = performance.getEntriesByName(${JSON.stringify(FINDINGS_MARK)}, 'mark')
      .map((mark) => mark.startTime).find((time) => time >= key);
    afterPaint(() => resolve({ key, lint, dom, frame: performance.now(), typed }));
  }).observe(findings, { subtree: true, childList: true, characterData: true });
  let shown;
  return {
    // Armed before the key is sent, so its keydown is never missed.
    arm: () => { key = 0; shown = new Promise((resolve) => { pending = resolve; }); },
    shown: () => shown,
  };
})()`;

/** The whole text of the editor replaced by a paste, as the studio's browser test does it. */
async function paste(page: Page, text: string): Promise<void> {
  const content = page.getByRole('textbox', { name: 'JSON of the screen /' });
  await content.click();
  await page.keyboard.press('Control+A');
  await page.evaluate(`(() => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', ${JSON.stringify(text)});
    document.querySelector('.cm-content')
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  })()`);
}

/** The studio chunk as built, gzipped at level 9 (as RESULTS.md measured it before). */
export function studioChunk(): { raw: number; gzipped: number } {
  const file = readdirSync(ASSETS).find((name) => /^studio-page-.*\.js$/.test(name));
  if (!file) throw new Error('no studio-page chunk in packages/web/dist/assets: npm run build:web');
  const bytes = readFileSync(join(ASSETS, file));
  return { raw: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
}

export interface StudioFigures {
  keystrokes: Keystroke[];
  screenTextBytes: number;
}

/**
 * `keys` characters typed into a widget's "type" value at the end of the first screen's children (each changes the
 * "unknown widget" finding, so the list changes with every key), one key every `gapMs` at most as fast as its findings
 * come: a steady typist, whose pauses never reach the preview's 300 ms redraw.
 */
export async function runStudioBench(
  keys: number,
  gapMs: number,
  log: (line: string) => void = () => {},
): Promise<StudioFigures> {
  await ensureClientBuilt(log);
  let t: TestPlatform | undefined;
  let browser: Browser | undefined;
  try {
    t = await startTestPlatform('sqlite');
    const baseUrl = await t.listen();
    const dev = await t.login('studio-bench@uni.example');
    const call = async (url: string, payload: object, headers: Record<string, string> = dev.auth) => {
      const res = await t!.request({ method: 'POST', url, headers, payload });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    await call('/api/v1/orgs', { id: 'bench', name: 'Bench' });
    await call('/api/v1/orgs/bench/apps', { slug: 'big', name: 'Big', sourceKind: 'hosted' });
    const { token } = await call('/api/v1/tokens', { name: 'bench' });
    const screens = Array.from({ length: SCREENS }, (_, i) => makeScreen(i, SCREEN_BYTES));
    await call(
      '/functions/v1/miniapp-deploy',
      {
        organizationId: 'bench',
        slug: 'big',
        screens: screens.map((json, i) => ({ path: i === 0 ? '/' : `/s/${i}`, json })),
      },
      { authorization: `Bearer ${token}` },
    );
    browser = await launchBrowser();
    const page = await (await newContext(browser, { who: dev })).newPage();
    await page.goto(`${baseUrl}/console/orgs/bench/apps/big/studio`);
    await page.getByRole('textbox', { name: 'JSON of the screen /' }).waitFor();
    // The first screen as the studio shows it, a widget whose type is being typed at the end of its children.
    const first = screens[0] as { children: unknown[] };
    const text = `${JSON.stringify({ ...first, children: [...first.children, { type: '' }] }, null, 2)}\n`;
    await paste(page, text);
    const cursor = text.lastIndexOf('"type": ""') + '"type": "'.length;
    await page.keyboard.press('Control+End');
    for (let i = 0; i < text.length - cursor; i++) await page.keyboard.press('ArrowLeft');
    await page.getByTestId('studio-findings').waitFor();
    await page.waitForTimeout(1000);
    await page.evaluate(INSTRUMENT);
    const keystrokes: Keystroke[] = [];
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < keys; i++) {
      await page.evaluate('window.__studioBench.arm()');
      const pressed = Date.now();
      await page.keyboard.press(letters[i % letters.length]!);
      keystrokes.push((await page.evaluate('window.__studioBench.shown()')) as Keystroke);
      await page.waitForTimeout(Math.max(0, gapMs - (Date.now() - pressed)));
    }
    log(`${keys} keys typed on a screen of ${text.length} characters`);
    return { keystrokes, screenTextBytes: text.length };
  } finally {
    await browser?.close();
    await t?.close();
  }
}

/** The figures as RESULTS.md keeps them. */
export function table({ keystrokes }: StudioFigures): string {
  const row = (what: string, values: number[], target: string) => {
    const { median, p90 } = stats(values);
    return `| ${what} | ${median.toFixed(1)} ms | ${p90.toFixed(1)} ms | ${target} |`;
  };
  const linted = keystrokes.filter((k) => k.lint !== undefined);
  const chunk = studioChunk();
  return [
    '| per keystroke | median | p90 | target |',
    '|---|---|---|---|',
    row(
      'key → findings list changed in the DOM',
      keystrokes.map((k) => k.dom - k.key),
      `≤ ${TARGET_MS} ms`,
    ),
    row(
      'key → findings painted (frame after)',
      keystrokes.map((k) => k.frame - k.key),
      '',
    ),
    row(
      `key → findings pass starts (the debounce, ${LINT_DELAY_MS} ms)`,
      linted.map((k) => k.lint! - k.key),
      '',
    ),
    row(
      'findings pass → list changed (the work)',
      linted.map((k) => k.dom - k.lint!),
      '',
    ),
    row(
      'findings pass → painted',
      linted.map((k) => k.frame - k.lint!),
      '',
    ),
    row(
      'key → character drawn (frame after the key)',
      keystrokes.map((k) => k.typed - k.key),
      '',
    ),
    '',
    `Studio chunk: ${(chunk.gzipped / 1024).toFixed(1)} KB gzipped (${(chunk.raw / 1024).toFixed(1)} KB raw), target ≤ ${CHUNK_TARGET_KB} KB.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { keys: { type: 'string' }, gap: { type: 'string' } } });
  const figures = await runStudioBench(Number(values.keys ?? 60), Number(values.gap ?? 200), (line) =>
    console.log(line),
  );
  console.log(`load: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  console.log(table(figures));
}
