// Builds the web client when `dist` is missing or older than its sources; `npm start` and the browser tests call it.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const distIndex = join(webRoot, 'dist', 'index.html');
/** Everything the bundle is made from: the client, its build settings, the host kit and the screen registry. */
const sources = [
  join(webRoot, 'src'),
  join(webRoot, 'index.html'),
  join(webRoot, 'vite.config.ts'),
  join(webRoot, 'scripts', 'embed-element.ts'),
  join(webRoot, 'scripts', 'precompile-messages.ts'),
  join(webRoot, 'scripts', 'service-worker.ts'),
  join(webRoot, 'public'),
  join(webRoot, 'package.json'),
  join(webRoot, '..', 'schema', 'src'),
  join(webRoot, '..', 'host', 'src'),
  join(webRoot, '..', 'react', 'src'),
];
const lockDir = join(webRoot, '.build-lock');
const STALE_LOCK_MS = 120_000;

function newestChange(path: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Whether `dist` is missing or any source changed after it was built. */
export function clientIsStale(): boolean {
  let builtAt: number;
  try {
    builtAt = statSync(distIndex).mtimeMs;
  } catch {
    return true;
  }
  return sources.some((source) => newestChange(source) > builtAt);
}

async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  // Test files run in parallel processes; a directory is an atomic lock that all of them see.
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() - started > 2 * STALE_LOCK_MS) throw new Error(`waited too long for ${lockDir}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Runs `vite build` in its own process, so a caller's NODE_ENV (vitest sets `test`) never reaches the bundle. */
function buildClient(): Promise<void> {
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: webRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}`))));
  });
}

/** Builds the client unless `dist` is current; returns whether a build ran. */
export async function ensureClientBuilt(log: (line: string) => void = () => {}): Promise<boolean> {
  if (!clientIsStale()) return false;
  return withBuildLock(async () => {
    if (!clientIsStale()) return false;
    const started = performance.now();
    await buildClient();
    log(`web client built in ${Math.round(performance.now() - started)} ms`);
    return true;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureClientBuilt((line) => console.log(line)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
