// `miniapps dev` as a real process: the preview server, its reload on change, and the web client's renderer in
// a real browser (Debian's chromium through playwright-core).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../web/test/helpers/browser.js';
import { BIN, REPO_ROOT } from './helpers/cli-process.js';

describe('miniapps dev', () => {
  let dir: string;
  let child: ChildProcess;
  let url: string;
  let output = '';
  let browser: Browser;

  const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
    const path = join(dir, 'screens', file);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    change(json);
    writeFileSync(path, JSON.stringify(json, null, 2));
  };

  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'miniapps-dev-')), 'hosted');
    cpSync(join(REPO_ROOT, 'examples/hosted'), dir, {
      recursive: true,
      filter: (src) => !src.includes('/test'),
    });
    child = spawn(process.execPath, [BIN, 'dev', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    url = await waitFor(() => /Preview on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], 20_000);
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (child.exitCode === null) child.kill('SIGINT');
  });

  it('serves the folder: screens by path, findings, and the renderer bundle', async () => {
    const state = (await (await fetch(`${url}/__miniapps/state`)).json()) as {
      renderer: unknown;
      screens: { path: string }[];
    };
    expect(state).toMatchObject({ title: 'demo-university/campus-guide', startPath: '/', findings: [] });
    expect(state.screens.map((s) => s.path)).toEqual([
      '/',
      '/contacts',
      '/events',
      '/news',
      '/news/welcome-week',
      '/timetable',
    ]);
    expect(state.renderer).toEqual({ available: true });
    const screen = await fetch(`${url}/__miniapps/screen?path=${encodeURIComponent('/news')}`);
    expect(await screen.json()).toEqual(
      JSON.parse(readFileSync(join(dir, 'screens/news/index.json'), 'utf8')),
    );
    const missing = await fetch(`${url}/__miniapps/screen?path=/nope`);
    expect(missing.status).toBe(404);
    const bundle = await fetch(`${url}/__miniapps/renderer.js`);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(10_000);
  });

  it('renders the screens with the web renderer, and moves between them by openPage', async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByText('Welcome to campus').waitFor();
    await page.getByText('Timetable', { exact: true }).first().click();
    await page.getByText('09:00 Calculus I').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('/timetable');
    await page.close();
  });

  it('reloads the page when a file changes, staying on the same screen, and reports findings', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/?page=${encodeURIComponent('/timetable')}`);
    await page.getByText('09:00 Calculus I').waitFor();
    const before = output.length;
    edit('timetable.json', (json) => {
      const children = json.children as Record<string, unknown>[];
      children.unshift({ type: 'heading', text: 'Exam week!', level: 1 });
      children.push({ type: 'colum', children: [] });
    });
    await page.getByText('Exam week!').waitFor({ timeout: 10_000 });
    await waitFor(() => (output.slice(before).includes('Changed') ? true : undefined), 10_000);
    expect(output.slice(before)).toMatch(/Changed .*timetable\.json: 0 error\(s\), 1 unknown type\(s\)/);
    await page.getByText(/unknown widget "colum"; did you mean "column"\?/).waitFor();
    await page.close();
  });

  it('stops on Ctrl-C with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
