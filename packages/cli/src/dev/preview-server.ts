// The local preview server of `miniapps dev`: the screens and datasets of a folder, their findings, a reload on change.
import { type FSWatcher, watch } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative } from 'node:path';
import { checkScreenFiles, type Finding } from '../findings.js';
import type { Translate } from '../i18n/messages.js';
import { datasetNames } from '../project-files.js';
import { readScreensProject, type ScreensProject } from '../screens-dir.js';
import { previewPage } from './preview-page.js';
import { rendererBundle } from './renderer-bundle.js';

export interface PreviewOptions {
  dir: string;
  cwd: string;
  port: number;
  host: string;
  /** The language of the findings shown and reported. */
  t: Translate;
  /** Told after each change was read: which file, and the findings of the whole folder. */
  onChange?: (file: string, findings: Finding[]) => void;
}

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

const START_PATH = '/';
const PING_MS = 15_000; // keeps the event stream open through proxies that drop idle connections

export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  // Read once up front so a missing folder fails the command instead of every request.
  const first = readScreensProject(options.dir, options.cwd, options.t);
  const title = appTitle(first);
  const clients = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview');
    void handle(url, res).catch((error: unknown) => {
      sendJson(res, 500, { ok: false, error: 'internal', message: (error as Error).message });
    });
  });

  async function handle(url: URL, res: ServerResponse): Promise<void> {
    if (url.pathname === '/')
      return send(res, 200, 'text/html; charset=utf-8', previewPage(title, options.t));
    if (url.pathname === '/__miniapps/state') {
      const project = readScreensProject(options.dir, options.cwd, options.t);
      const folder = relative(options.cwd, project.screensDir) || '.';
      const renderer = await rendererBundle();
      return sendJson(res, 200, {
        title,
        folder,
        startPath: START_PATH,
        screens: project.screens.map((s) => ({ path: s.path, file: s.file })),
        findings: checkScreenFiles(project.screens, folder, options.t, datasetNames(project.files)),
        renderer: renderer.ok ? { available: true } : { available: false, reason: renderer.reason },
      });
    }
    if (url.pathname === '/__miniapps/screen') {
      const path = url.searchParams.get('path') ?? START_PATH;
      const screen = readScreensProject(options.dir, options.cwd, options.t).screens.find(
        (s) => s.path === path,
      );
      if (!screen)
        return sendJson(res, 404, {
          ok: false,
          error: 'not_found',
          message: options.t('dev.no_screen', { path }),
        });
      if (screen.parseError !== undefined) {
        return sendJson(res, 422, {
          ok: false,
          error: 'bad_json',
          message: `${screen.file}: ${screen.parseError}`,
        });
      }
      return sendJson(res, 200, screen.json);
    }
    // A dataset at the path a hosted app's API serves it: the screen's `/data/<name>` under `api`, as the proxy.
    const dataset = /^\/api\/data\/([^/]+)$/.exec(url.pathname);
    if (dataset) {
      const name = decodeURIComponent(dataset[1]!);
      const file = readScreensProject(options.dir, options.cwd).files.find(
        (f) => f.kind === 'data' && f.name === name,
      );
      if (!file)
        return sendJson(res, 404, {
          ok: false,
          error: 'dataset_not_found',
          message: options.t('dev.no_dataset', { name }),
        });
      if (file.parseError !== undefined)
        return sendJson(res, 422, {
          ok: false,
          error: 'bad_json',
          message: `${file.file}: ${file.parseError}`,
        });
      return sendJson(res, 200, file.json);
    }
    // Every locale's strings in the deploy's order (the first is the default); the preview picks the browser's.
    if (url.pathname === '/__miniapps/strings') {
      const files = readScreensProject(options.dir, options.cwd).files.filter(
        (f) => f.kind === 'strings' && f.parseError === undefined,
      );
      return sendJson(res, 200, { locales: files.map((f) => [f.name, f.json]) });
    }
    if (url.pathname === '/__miniapps/renderer.js' || url.pathname === '/__miniapps/renderer.css') {
      const renderer = await rendererBundle();
      const js = url.pathname.endsWith('.js');
      if (!renderer.ok)
        return send(res, 200, js ? 'text/javascript' : 'text/css', `/* ${renderer.reason} */`);
      return send(
        res,
        200,
        js ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
        js ? renderer.bundle.js : renderer.bundle.css,
      );
    }
    if (url.pathname === '/__miniapps/events') {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      clients.add(res);
      res.on('close', () => clients.delete(res));
      return;
    }
    return sendJson(res, 404, {
      ok: false,
      error: 'not_found',
      message: options.t('dev.no_route', { path: url.pathname }),
    });
  }

  let pending: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const watcher: FSWatcher = watch(first.dir, { recursive: true }, (_event, file) => {
    if (file) changed.add(String(file));
    // Editors write a file in several steps; one reload per burst.
    clearTimeout(pending);
    pending = setTimeout(() => {
      const files = [...changed].join(', ');
      changed.clear();
      let findings: Finding[] = [];
      try {
        const project = readScreensProject(options.dir, options.cwd, options.t);
        findings = checkScreenFiles(
          project.screens,
          relative(options.cwd, project.screensDir) || '.',
          options.t,
          datasetNames(project.files),
        );
      } catch {
        // The folder may be mid-rename; the next event reads it again.
      }
      options.onChange?.(files, findings);
      for (const client of clients) client.write(`event: change\ndata: ${JSON.stringify({ files })}\n\n`);
    }, 80);
  });
  const ping = setInterval(() => {
    for (const client of clients) client.write(': ping\n\n');
  }, PING_MS);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}`,
    async close() {
      clearTimeout(pending);
      clearInterval(ping);
      watcher.close();
      for (const client of clients) client.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function appTitle(project: ScreensProject): string {
  const { organizationId, slug } = project.manifest;
  return organizationId && slug
    ? `${organizationId}/${slug}`
    : relative(process.cwd(), project.dir) || 'screens';
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}
