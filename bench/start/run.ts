// `npm run bench:start`: the time from `<miniapp-view>` attached to its start screen drawn in chromium, warm (kept),
// cold on loopback, cold under the DevTools "Fast 4G" profile and offline after one visit, with the requests started
// and answered before the screen was drawn (a warm open should have none answered: nothing on its critical path).
// Run: npm run bench:start [-- --opens 30] [--only warm,loopback] (the same opens, fewer figures)
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../../packages/server/test/helpers/platform.js';
import { ensureClientBuilt } from '../../packages/web/scripts/ensure-built.js';
import { launchBrowser } from '../../packages/web/test/helpers/chromium.js';
import { versionedApp } from '../../packages/web/test/helpers/host-cache.js';

export const TARGETS_MS = { warm: 50, loopback: 150, fast4g: 1000 } as const;
/** DevTools' "Fast 4G" as issue 34 names it: about 9 Mbit/s down, 1.5 Mbit/s up, 170 ms round trip. */
const FAST_4G = { offline: false, latency: 170, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 };
const LOOPBACK = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const OFFLINE = { offline: true, latency: 0, downloadThroughput: 0, uploadThroughput: 0 };

export type Scenario = 'warm' | 'loopback' | 'fast4g' | 'offline';

/** One open: attach to drawn, and the platform requests around it. */
export interface Open {
  ms: number;
  /** Requests to the platform started between the attach and the draw. */
  started: number;
  /** Of those, answered before the draw: what the draw may have waited on. */
  answered: number;
  /** The drawn page's text contained the start screen's. */
  drewStart: boolean;
  /** What the page said when it failed instead (e.g. a rate limit), else undefined. */
  failure?: string | undefined;
  /** The offline note was on the app just after (once the checks behind had failed). */
  offlineNote: boolean;
}

export interface Figures {
  scenario: Scenario;
  opens: Open[];
  median: number;
  p90: number;
}

/** The bench app's start screen: a heading (the version's title) and 20 texts. */
export const startScreen = (title: string) => ({
  type: 'screen',
  title: 'Timetable',
  children: [
    { type: 'heading', text: title, level: 1 },
    ...Array.from({ length: 20 }, (_, i) => ({
      type: 'text',
      text: `Lecture ${i}: Room ${100 + i}, 10:00–11:30`,
    })),
  ],
});
const START_TEXT = 'Notes v1';

/** The page: the element's script loaded, no view yet; `prepare` runs before it loads (a profile's hooks). */
export async function benchPage(
  context: BrowserContext,
  baseUrl: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await context.newPage();
  await prepare?.(page);
  await page.route(`${baseUrl}/__bench-start`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><body><script type="module" src="${baseUrl}/embed/miniapp-view.js"></script></body></html>`,
    }),
  );
  await page.goto(`${baseUrl}/__bench-start`);
  await page.waitForFunction(`customElements.get('miniapp-view') !== undefined`);
  return page;
}

/**
 * Attaches a view of acme/notes and waits for its top page to be drawn (`data-status` ready or failed on
 * `.ma-page`); then counts, from resource timing, the platform requests started and answered in between.
 */
async function openOnce(page: Page, token: string): Promise<Open> {
  // A script string: this file is compiled without the DOM types.
  const drawn = (await page.evaluate(`new Promise((resolve) => {
    const view = document.createElement('miniapp-view');
    view.setAttribute('app', 'acme/notes');
    view.token = ${JSON.stringify(token)};
    const t0 = performance.now();
    document.body.append(view);
    const root = view.shadowRoot;
    const check = () => {
      const page = root.querySelector('.ma-page:not([hidden])[data-status="ready"], .ma-page:not([hidden])[data-status="failed"]');
      if (!page) return false;
      observer.disconnect();
      resolve({ t0, t1: performance.now(), text: page.textContent });
      return true;
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
    check();
  })`)) as { t0: number; t1: number; text: string };
  // Let what the open started behind finish, so resource timing holds it (and a failed one shows the offline note).
  await page.waitForTimeout(300);
  const offlineNote = (await page.evaluate(
    `document.querySelector('miniapp-view:last-of-type').shadowRoot.querySelector('[data-offline]') !== null`,
  )) as boolean;
  const entries = (await page.evaluate(
    `performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd }))`,
  )) as Array<{ name: string; startTime: number; responseEnd: number }>;
  const during = entries.filter(
    (e) => e.startTime >= drawn.t0 && e.startTime <= drawn.t1 && /\/(api|functions)\//.test(e.name),
  );
  return {
    ms: drawn.t1 - drawn.t0,
    started: during.length,
    answered: during.filter((e) => e.responseEnd > 0 && e.responseEnd <= drawn.t1).length,
    drewStart: drawn.text.includes(START_TEXT),
    offlineNote,
    failure: drawn.text.includes(START_TEXT) ? undefined : drawn.text.slice(0, 200),
  };
}

async function emulate(cdp: CDPSession, conditions: typeof LOOPBACK): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', conditions);
}

function figures(scenario: Scenario, opens: Open[]): Figures {
  const sorted = opens.map((o) => o.ms).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  const median =
    sorted.length % 2 === 1
      ? sorted[(sorted.length - 1) / 2]!
      : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return { scenario, opens, median, p90: at(0.9) };
}

/** A cold open: a fresh context each time (no IndexedDB, no HTTP cache), the network as `conditions`. */
async function cold(browser: Browser, baseUrl: string, token: string, conditions: typeof LOOPBACK) {
  const context = await browser.newContext();
  try {
    const page = await benchPage(context, baseUrl);
    await emulate(await context.newCDPSession(page), conditions);
    return await openOnce(page, token);
  } finally {
    await context.close();
  }
}

/** Opens `count` times in one context after a first visit, the page reloaded before each (a later visit). */
async function afterVisit(browser: Browser, baseUrl: string, token: string, count: number, offline: boolean) {
  const context = await browser.newContext();
  try {
    let page = await benchPage(context, baseUrl);
    await openOnce(page, token);
    const opens: Open[] = [];
    for (let i = 0; i < count; i++) {
      await page.close();
      page = await benchPage(context, baseUrl);
      const cdp = await context.newCDPSession(page);
      if (offline) await emulate(cdp, OFFLINE);
      opens.push(await openOnce(page, token));
      if (offline) await emulate(cdp, LOOPBACK);
    }
    return opens;
  } finally {
    await context.close();
  }
}

/** The four figures, `opens` each, against a platform started here (SQLite). */
export async function runStartBench(
  opens: number,
  log: (line: string) => void = () => {},
  only: readonly Scenario[] = ['warm', 'loopback', 'fast4g', 'offline'],
): Promise<Figures[]> {
  await ensureClientBuilt(log);
  let t: TestPlatform | undefined;
  let browser: Browser | undefined;
  try {
    t = await startTestPlatform('sqlite');
    const baseUrl = await t.listen();
    const dev = await t.login('dev@uni.example');
    const ada = await t.login('ada@uni.example');
    await versionedApp(t, dev, 'notes', startScreen);
    browser = await launchBrowser();
    const results: Figures[] = [];
    if (only.includes('warm')) {
      log(`warm: ${opens} opens`);
      results.push(figures('warm', await afterVisit(browser, baseUrl, ada.token, opens, false)));
    }
    for (const [scenario, conditions] of [
      ['loopback', LOOPBACK],
      ['fast4g', FAST_4G],
    ] as const) {
      if (!only.includes(scenario)) continue;
      log(`${scenario}: ${opens} cold opens`);
      const list: Open[] = [];
      for (let i = 0; i < opens; i++) {
        // A user of its own each (a new device of a new user): the proxy's per-user rate limit stays out of it.
        const user = await t.login(`${scenario}-${i}@uni.example`);
        list.push(await cold(browser, baseUrl, user.token, conditions));
      }
      results.push(figures(scenario, list));
    }
    if (only.includes('offline')) {
      log(`offline: ${opens} opens`);
      results.push(figures('offline', await afterVisit(browser, baseUrl, ada.token, opens, true)));
    }
    return results;
  } finally {
    await browser?.close();
    await t?.close();
  }
}

const LABELS: Record<Scenario, string> = {
  warm: 'warm (kept) open',
  loopback: 'cold open, loopback',
  fast4g: 'cold open, Fast 4G (170 ms, 9 Mbit/s)',
  offline: 'offline after one visit',
};

/** A Markdown table of the figures, as RESULTS.md keeps them. */
export function table(results: Figures[]): string {
  const rows = results.map((r) => {
    const target = r.scenario === 'offline' ? 'kept screen shown' : `≤ ${TARGETS_MS[r.scenario]} ms`;
    const mean = (pick: (o: Open) => number) =>
      (r.opens.reduce((s, o) => s + pick(o), 0) / r.opens.length).toFixed(1);
    const drew = r.opens.filter((o) => o.drewStart).length;
    const offline = r.opens.filter((o) => o.offlineNote).length;
    return `| ${LABELS[r.scenario]} | ${r.median.toFixed(1)} ms | ${r.p90.toFixed(1)} ms | ${target} | ${mean((o) => o.started)} | ${mean((o) => o.answered)} | ${drew}/${r.opens.length} | ${offline}/${r.opens.length} |`;
  });
  return [
    '| open | median | p90 | target | requests started before draw (mean) | answered before draw (mean) | start screen drawn | offline note |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { opens: { type: 'string' }, only: { type: 'string' } } });
  const only = values.only?.split(',') as Scenario[] | undefined;
  const results = await runStartBench(Number(values.opens ?? 30), (line) => console.log(line), only);
  for (const r of results)
    for (const o of r.opens) if (o.failure) console.log(`${r.scenario}: not drawn: ${o.failure}`);
  console.log(table(results));
}
