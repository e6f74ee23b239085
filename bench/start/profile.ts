// `npm run bench:start:profile`: where a warm open's time goes. The page's IndexedDB calls, animation frames,
// timers and fetches are timestamped from outside (an init script wraps them; the element is not changed), and the
// median of each step over the opens is printed, from the append to `data-status="ready"`. With --cpu, the element
// is served unminified and a CPU profile (0.1 ms samples) of each open gives the last open's timeline and the self
// time per function. Run: npm run bench:start:profile [-- --opens 20] [--cpu]
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { startTestPlatform } from '../../packages/server/test/helpers/platform.js';
import { embedBuildOptions } from '../../packages/web/scripts/embed-element.js';
import { ensureClientBuilt } from '../../packages/web/scripts/ensure-built.js';
import { launchBrowser } from '../../packages/web/test/helpers/chromium.js';
import { versionedApp } from '../../packages/web/test/helpers/host-cache.js';
import { benchPage, startScreen } from './run.js';

/** Wraps the page's asynchronous edges; each logs `[label, performance.now()]` to `window.__steps`. */
const INSTRUMENT = `(() => {
  const steps = (window.__steps = []);
  const mark = (label) => steps.push([label, performance.now()]);
  window.__mark = mark;
  const wrapRequest = (label, request) => {
    mark(label + ' asked');
    request.addEventListener('success', () => mark(label + ' answered'));
    return request;
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...args) { return wrapRequest('idb open', open.apply(this, args)); };
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    const tx = transaction.apply(this, args);
    mark('idb ' + args[1] + ' transaction');
    tx.addEventListener('complete', () => mark('idb ' + args[1] + ' complete'));
    return tx;
  };
  for (const name of ['get', 'put', 'getAll', 'openCursor']) {
    const original = IDBObjectStore.prototype[name];
    IDBObjectStore.prototype[name] = function (...args) {
      const key = typeof args[0] === 'string' ? args[0].split('\\u0000').slice(2).join(' ').slice(0, 40) : '';
      return wrapRequest('idb ' + name + ' ' + key, original.apply(this, args));
    };
  }
  const raf = window.requestAnimationFrame;
  window.requestAnimationFrame = (callback) => { mark('raf asked'); return raf((t) => { mark('raf fired'); callback(t); }); };
  const timeout = window.setTimeout;
  window.setTimeout = (callback, ms, ...rest) => {
    const label = 'timeout ' + (ms ?? 0);
    mark(label + ' asked');
    return timeout(() => { mark(label + ' fired'); callback(...rest); }, ms);
  };
  const fetch = window.fetch;
  window.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input).replace(location.origin, '').split('?')[0];
    mark('fetch ' + url);
    return fetch(input, init).then((r) => { mark('fetched ' + url); return r; });
  };
})();`;

/** Hooks the page: the timestamps, and the element unminified for a CPU profile. */
async function prepare(page: Page, baseUrl: string): Promise<void> {
  await page.addInitScript(INSTRUMENT);
  // The element unminified, so the CPU profile names its functions.
  if (readable)
    await page.route(`${baseUrl}/embed/**`, (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      const file = readable?.get(name);
      if (!file) return route.continue();
      return route.fulfill({ contentType: 'text/javascript', body: file });
    });
}

/** One open's steps, in ms after the append, the first time each label was seen. */
async function openOnce(page: Page, token: string): Promise<Array<[string, number]>> {
  const cdp = values.cpu ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const steps = (await page.evaluate(`new Promise((resolve) => {
    const view = document.createElement('miniapp-view');
    view.setAttribute('app', 'acme/notes');
    view.token = ${JSON.stringify(token)};
    window.__steps.length = 0;
    // Named spins: where the append and the draw are in a CPU profile.
    const spin = (until) => { while (performance.now() < until); };
    function __benchAppend() { spin(performance.now() + 1); }
    function __benchReady() { spin(performance.now() + 1); }
    __benchAppend();
    const t0 = performance.now();
    document.body.append(view);
    window.__mark('appended (sync part done)');
    const root = view.shadowRoot;
    const seen = new Set();
    const check = () => {
      for (const el of root.querySelectorAll('[data-status], .ma-loading, .ma-app')) {
        const label = 'dom ' + (el.getAttribute('data-status') ? 'page ' + el.getAttribute('data-status') : el.className);
        if (!seen.has(label)) { seen.add(label); window.__mark(label); }
      }
      if (root.querySelector('.ma-page[data-status="ready"]')) {
        observer.disconnect();
        __benchReady();
        setTimeout(() => resolve(window.__steps.map(([l, t]) => [l, t - t0])), 0);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true });
    check();
  })`)) as Array<[string, number]>;
  if (cdp) cpuTimeline((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile);
  return steps;
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    parent?: number;
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function between the two named spins, summed over the opens profiled. */
const selfTime = new Map<string, number>();
let profiled = 0;
/** The last open's samples as a timeline (ms after the append, the stack's top four). */
let lastTimeline = '';
function cpuTimeline(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number) => {
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      names.push(f.functionName || '(anonymous)');
    }
    return names;
  };
  let t = 0;
  let start: number | undefined;
  let end: number | undefined;
  const samples: Array<[number, string[]]> = [];
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]! / 1000;
    const names = stack(id);
    if (names.includes('__benchAppend')) start = t;
    if (names.includes('__benchReady') && end === undefined && start !== undefined) end = t;
    samples.push([t, names]);
  });
  if (start === undefined || end === undefined) return;
  profiled++;
  const lines: string[] = [];
  let previous = '';
  for (const [at, names] of samples) {
    if (at <= start || at >= end) continue;
    const leaf = names[0]!;
    const shown = names.slice(0, 4).join(' < ');
    selfTime.set(leaf, (selfTime.get(leaf) ?? 0) + 0.1);
    if (shown !== previous) lines.push(`${(at - start).toFixed(1).padStart(6)} ${shown}`);
    previous = shown;
  }
  lastTimeline = lines.join('\n');
}

const { values } = parseArgs({ options: { opens: { type: 'string' }, cpu: { type: 'boolean' } } });
const opens = Number(values.opens ?? 20);
let readable: Map<string, string> | undefined;
if (values.cpu) {
  const out = await build({ ...embedBuildOptions(), minify: false });
  readable = new Map(out.outputFiles.map((f) => [f.path.split('/').pop()!, f.text]));
}
await ensureClientBuilt((line) => console.log(line));
const t = await startTestPlatform('sqlite');
const browser = await launchBrowser();
try {
  const baseUrl = await t.listen();
  const dev = await t.login('dev@uni.example');
  const ada = await t.login('ada@uni.example');
  await versionedApp(t, dev, 'notes', startScreen);
  const context = await browser.newContext();
  let page = await benchPage(context, baseUrl, (page) => prepare(page, baseUrl));
  await openOnce(page, ada.token);
  const runs: Array<Array<[string, number]>> = [];
  for (let i = 0; i < opens; i++) {
    await page.close();
    page = await benchPage(context, baseUrl, (page) => prepare(page, baseUrl));
    runs.push(await openOnce(page, ada.token));
    await page.waitForTimeout(300);
  }
  // The median time of each step's n-th occurrence, in the order of the first run.
  const order: string[] = [];
  const times = new Map<string, number[]>();
  for (const run of runs) {
    const count = new Map<string, number>();
    for (const [label, ms] of run) {
      const n = (count.get(label) ?? 0) + 1;
      count.set(label, n);
      const name = n === 1 ? label : `${label} #${n}`;
      if (!times.has(name)) {
        times.set(name, []);
        order.push(name);
      }
      times.get(name)?.push(ms);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const rows = order.map((name) => ({ name, at: median(times.get(name)!), seen: times.get(name)!.length }));
  rows.sort((a, b) => a.at - b.at);
  for (const row of rows)
    console.log(`${row.at.toFixed(1).padStart(7)} ms  ${row.name}  (${row.seen}/${opens})`);
  if (profiled > 0) {
    console.log(lastTimeline);
    console.log(`self time per open (ms), ${profiled} opens:`);
    const top = [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 40);
    for (const [name, ms] of top) console.log(`${(ms / profiled).toFixed(2).padStart(7)}  ${name}`);
  }
} finally {
  await browser.close();
  await t.close();
}
