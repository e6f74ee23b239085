// Start-up benchmark: `npm run serve` (the compiled build, plain node) against `npm start` (tsx), each from its
// process start to the first 200 from /readyz, then the memory of the idle process tree.
// Run: npm run build && npm run bench:startup [-- --rounds 7 --idle 3]
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');
const COMMANDS = { serve: ['npm', 'run', 'serve'], start: ['npm', 'start'] } as const;
type Name = keyof typeof COMMANDS;

const { values } = parseArgs({ options: { rounds: { type: 'string' }, idle: { type: 'string' } } });
const rounds = Number(values.rounds ?? 7);
const idleSeconds = Number(values.idle ?? 3);

interface Sample {
  readyMs: number;
  /** Resident memory of every process the command started (npm, sh, tsx's launcher, the server), in MiB. */
  treeMiB: number;
  /** Resident memory of the process that runs the platform itself, in MiB. */
  serverMiB: number;
  processes: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** `pid` and its descendants, from /proc (Linux). */
function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we read.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

async function untilReady(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before /readyz answered`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 5));
  }
}

async function measure(name: Name): Promise<Sample> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-startup-'));
  const [command, ...args] = COMMANDS[name];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHUTDOWN_DELAY_MS: '0',
    },
  });
  try {
    await untilReady(`http://127.0.0.1:${port}/readyz`, child);
    const readyMs = performance.now() - started;
    await new Promise((done) => setTimeout(done, idleSeconds * 1000));
    const tree = processTree(child.pid!);
    const sizes = tree.map((pid) => ({
      pid,
      mib: rssMiB(pid),
      args: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
    }));
    const server = sizes.filter((p) => /main\.(js|ts)/.test(p.args)).at(-1);
    const treeMiB = sizes.reduce((sum, p) => sum + p.mib, 0);
    return { readyMs, treeMiB, serverMiB: server?.mib ?? Number.NaN, processes: tree.length };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (!existsSync(join(ROOT, 'packages/server/dist/main.js'))) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}
const samples: Record<Name, Sample[]> = { serve: [], start: [] };
await measure('serve');
await measure('start'); // warm-up: file cache, the web client's freshness check
for (let round = 0; round < rounds; round++) {
  // Alternating, so a drift of the machine's speed touches both alike.
  for (const name of (round % 2 ? ['start', 'serve'] : ['serve', 'start']) as Name[]) {
    samples[name].push(await measure(name));
  }
}
console.log(`${rounds} rounds, idle ${idleSeconds} s before reading memory; medians (min–max)`);
const row = (name: Name, key: Exclude<keyof Sample, 'processes'>, digits: number) => {
  const xs = samples[name].map((s) => s[key]);
  const f = (x: number) => x.toFixed(digits);
  return `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
};
for (const name of ['serve', 'start'] as Name[]) {
  console.log(
    `${`npm ${name === 'serve' ? 'run serve' : 'start'}`.padEnd(14)} ready ${row(name, 'readyMs', 0)} ms · ` +
      `server ${row(name, 'serverMiB', 1)} MiB · tree ${row(name, 'treeMiB', 1)} MiB in ${samples[name][0]?.processes} processes`,
  );
}
const ratio = (key: Exclude<keyof Sample, 'processes'>) =>
  median(samples.serve.map((s, i) => s[key] / samples.start[i]![key])).toFixed(2);
console.log(
  `serve / start (median of per-round ratios): ready ${ratio('readyMs')} · server ${ratio('serverMiB')} · tree ${ratio('treeMiB')}`,
);
