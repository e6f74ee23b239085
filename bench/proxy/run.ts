// Proxy benchmark, one command: `npm run bench:proxy` (options: --seconds N per run, default 5; --rounds N,
// default 3; --postgres URL and --redis URL add rows for the proxy on PostgreSQL and with the Redis limiter).
// Against one https origin on loopback answering 1.3 KB JSON, measured in one run with wrk: the origin alone,
// a bare node:http + undici Pool passthrough, @fastify/reply-from, nginx proxy_pass, a floor (bare plus the work no checking
// proxy can skip: identity headers, an HMAC, the JSON parse), the same floor in a process that has loaded the platform,
// and this platform's proxy
// with every check on (JWT, rate limit, consent, signing, path and query rules, JSON and size checks), 1000 users.
// Then the throughput ratios again in short adjacent slices (--blocks N of --slice S seconds, default 40 of 1), with a
// 95 % interval; then head to head (--duels N of --duel-seconds S, default 12 of 3: two targets loaded at the same
// moment, with two copies of bare as the control); and a CPU profile of the proxy under load.
// Targets: >= 0.9x bare, >= 1.1x reply-from, p50 at c=1 <= origin + 0.3 ms.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { adoptChild, spawnChild, startOrigin, stopChildren } from './children.js';
import { cpuSeconds } from './cpu.js';
import { freshDatabase } from './database.js';
import type { FaultRow } from './faults.js';
import { measureHeadToHead } from './head-to-head.js';
import { API_PATH } from './ipc.js';
import { startNginx } from './nginx.js';
import { measurePaired, type RatioResult, type RatioSpec, verdictOf } from './paired.js';
import { summarize } from './profile.js';
import { type LoadResult, wrk } from './wrk.js';

const here = import.meta.dirname;
const out = resolve(here, '../.out');
const option = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) || fallback : fallback;
/** Seconds per load run, and interleaved rounds per target (median taken). */
const seconds = option('--seconds', 5);
const rounds = option('--rounds', 3);
/** Blocks of paired slices, and seconds per slice. */
const blocks = option('--blocks', 40);
const slice = option('--slice', 1);
/** Head-to-head repetitions, and seconds each. */
const duels = option('--duels', 12);
const duelSeconds = option('--duel-seconds', 3);
/** Optional extra rows: the proxy on PostgreSQL, and with the Redis rate limiter. */
const text = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const postgresUrl = text('--postgres');
const redisUrl = text('--redis');

function ensureTools(): void {
  const missing = ['wrk', 'nginx'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing ${missing.join(' and ')}: run "sudo apt-get install -y nginx wrk" first`);
  }
  console.log(`installing ${missing.join(', ')} from Debian...`);
  execFileSync('apt-get', ['install', '-y', 'nginx', 'wrk'], { stdio: 'inherit' });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function waitFor(url: string, headers: Record<string, string> = {}): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(url, { headers });
      const text = await res.text();
      if (res.status === 200 && text.startsWith('{"ok":true')) return;
      if (i > 50) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
    } catch (error) {
      if (i > 50) throw error;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${url} never became ready`);
}

interface Row {
  name: string;
  c32: LoadResult;
  c1: LoadResult;
  /** CPU time the target's own process spent per request at 32 connections (median of the rounds), in µs. */
  cpuUs: number;
}

/** Median by requests per second (32 connections) or by p50 (1 connection) of several rounds. */
function median(results: LoadResult[], by: 'rps' | 'p50'): LoadResult {
  const sorted = [...results].sort((a, b) => a[by] - b[by]);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The machine is shared, so load drifts during a run. Targets are measured in interleaved rounds
 * (every target once per round) and each figure is the median of its rounds: a busy moment hits
 * one round of every target instead of all rounds of one.
 */
interface Target {
  name: string;
  url: string;
  path: string;
  /** The thousand user tokens this target's requests carry (each platform has its own signing key). */
  tokens: string;
  /** The process whose CPU time is the target's cost (the origin itself for "origin alone"). */
  pid: number;
}

async function measureAll(targets: Target[]): Promise<Row[]> {
  for (const { name, url, path, tokens } of targets) {
    process.stdout.write(`warm-up ${name}\n`);
    await wrk(url, path, 32, 3, tokens);
  }
  const runs = targets.map(() => ({
    c32: [] as LoadResult[],
    c1: [] as LoadResult[],
    cpuUs: [] as number[],
  }));
  for (let round = 1; round <= rounds; round++) {
    for (const [i, { name, url, path, tokens, pid }] of targets.entries()) {
      const cpuBefore = cpuSeconds(pid);
      const c32 = await wrk(url, path, 32, seconds, tokens);
      const cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / (c32.rps * seconds);
      const c1 = await wrk(url, path, 1, seconds, tokens);
      runs[i]!.c32.push(c32);
      runs[i]!.c1.push(c1);
      runs[i]!.cpuUs.push(cpuUs);
      console.log(
        `round ${round}/${rounds} ${name}: ${Math.round(c32.rps)} rps, ${Math.round(cpuUs)} µs CPU per request, ` +
          `p50 ${c1.p50.toFixed(3)} ms at 1 connection` +
          (c32.errors + c1.errors > 0 ? `, ${c32.errors + c1.errors} ERRORS` : ''),
      );
    }
  }
  return targets.map(({ name }, i) => {
    const c32 = median(runs[i]!.c32, 'rps');
    const c1 = median(runs[i]!.c1, 'p50');
    const errors = [...runs[i]!.c32, ...runs[i]!.c1].reduce((sum, r) => sum + r.errors, 0);
    const cpuUs = [...runs[i]!.cpuUs].sort((a, b) => a - b)[Math.floor(runs[i]!.cpuUs.length / 2)]!;
    return { name, c32: { ...c32, errors }, c1: { ...c1, errors: 0 }, cpuUs };
  });
}

async function main(): Promise<void> {
  ensureTools();
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'miniapps-bench-proxy-'));
  const origin = await startOrigin(work);
  const originPort = origin.port;
  const shared = origin.env;
  const [bare, bareCopy, floor, floorInPlatform, replyFrom, proxy] = await Promise.all([
    spawnChild('bare.ts', shared),
    spawnChild('bare.ts', shared),
    spawnChild('floor.ts', shared),
    spawnChild('floor.ts', { ...shared, BENCH_FLOOR_DATA_DIR: join(work, 'floor-platform-data') }),
    spawnChild('reply-from.ts', shared),
    startPlatform(work, 'sqlite', shared),
  ]);
  const variants = await Promise.all([
    ...(postgresUrl
      ? [
          startPlatform(work, 'postgres', {
            ...shared,
            BENCH_DATABASE_URL: await createDatabase(postgresUrl),
          }),
        ]
      : []),
    ...(redisUrl ? [startPlatform(work, 'redis', { ...shared, BENCH_REDIS_URL: redisUrl })] : []),
    // The several-node setup: PostgreSQL, with Redis for the limiter and the cache announcements.
    ...(postgresUrl && redisUrl
      ? [
          startPlatform(work, 'postgres-redis', {
            ...shared,
            BENCH_DATABASE_URL: await createDatabase(postgresUrl, 'pgredis'),
            BENCH_REDIS_URL: redisUrl,
          }),
        ]
      : []),
  ]);
  const nginx = startNginx(join(work, 'nginx'), await freePort(), {
    port: originPort,
    caFile: origin.caFile,
  });
  adoptChild(nginx.process);

  const proxyPath = `/functions/v1/miniapp-proxy/bench/timetable${API_PATH}`;
  const plain = (name: string, url: string, pid: number | undefined): Target => ({
    name,
    url,
    path: API_PATH,
    tokens: proxy.tokens,
    pid: pid ?? 0,
  });
  const named = {
    origin: plain('origin alone (https)', `https://127.0.0.1:${originPort}`, origin.process.pid),
    bare: plain('bare node:http + undici Pool', `http://127.0.0.1:${bare.port}`, bare.process.pid),
    replyFrom: plain('@fastify/reply-from', `http://127.0.0.1:${replyFrom.port}`, replyFrom.process.pid),
    nginx: plain('nginx proxy_pass', `http://127.0.0.1:${nginx.port}`, nginx.process.pid),
    floor: plain('floor: bare + the unavoidable work', `http://127.0.0.1:${floor.port}`, floor.process.pid),
    floorInPlatform: plain(
      'floor, in a process with the platform loaded',
      `http://127.0.0.1:${floorInPlatform.port}`,
      floorInPlatform.process.pid,
    ),
    proxy: {
      name: 'miniapps proxy, every check on',
      url: proxy.url,
      path: proxyPath,
      tokens: proxy.tokens,
      pid: proxy.process.pid ?? 0,
    },
  } satisfies Record<string, Target>;
  const targets: Target[] = [
    ...Object.values(named),
    ...variants.map((v) => ({
      name: `miniapps proxy, ${VARIANT_NAMES[v.kind] ?? v.kind}`,
      url: v.url,
      path: proxyPath,
      tokens: v.tokens,
      pid: v.process.pid ?? 0,
    })),
  ];
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'; // only for the readiness probe of the origin itself
  for (const t of targets)
    await waitFor(`${t.url}${t.path}`, { authorization: `Bearer ${firstLine(t.tokens)}` });

  const rows = await measureAll(targets);

  console.log(`paired slices: ${blocks} blocks of ${slice} s per target...`);
  const { bare: bareTarget, replyFrom: replyFromTarget, floor: floorTarget } = named;
  const { floorInPlatform: floorInPlatformTarget, proxy: proxyTarget } = named;
  // The ratios both methods read: the two targets, and the proxy against the floor in the same kind of process.
  const proxyRatios: RatioSpec[] = [
    { label: 'miniapps / bare passthrough', top: proxyTarget.name, bottom: bareTarget.name, goal: 0.9 },
    { label: 'miniapps / reply-from', top: proxyTarget.name, bottom: replyFromTarget.name, goal: 1.1 },
    {
      label: "miniapps / floor in the platform's process",
      top: proxyTarget.name,
      bottom: floorInPlatformTarget.name,
    },
  ];
  const ratios = await measurePaired(
    [bareTarget, replyFromTarget, floorTarget, floorInPlatformTarget, proxyTarget],
    [
      ...proxyRatios,
      { label: 'floor / bare passthrough', top: floorTarget.name, bottom: bareTarget.name },
      {
        label: "floor in the platform's process / floor",
        top: floorInPlatformTarget.name,
        bottom: floorTarget.name,
      },
    ],
    blocks,
    slice,
    (block, name, rps) => console.log(`block ${block + 1}/${blocks} ${name}: ${Math.round(rps)} rps`),
  );

  console.log(`head to head: ${duels} repetitions of ${duelSeconds} s per pair...`);
  // The second copy of bare serves only the control pair: two copies of one program, no difference to find.
  const bareCopyTarget = plain(
    'bare, a second copy',
    `http://127.0.0.1:${bareCopy.port}`,
    bareCopy.process.pid,
  );
  const proxyDuelTarget = { ...proxyTarget, tokens: proxy.duelTokens };
  // The copy is new and the duel users unseen: both warm first, as every target did before the tables.
  await wrk(bareCopyTarget.url, bareCopyTarget.path, 32, 3, bareCopyTarget.tokens);
  await wrk(proxyDuelTarget.url, proxyDuelTarget.path, 32, 2, proxyDuelTarget.tokens);
  const duelRatios = await measureHeadToHead(
    [bareTarget, bareCopyTarget, replyFromTarget, floorInPlatformTarget, proxyDuelTarget],
    [
      { label: 'control: bare / a second copy of bare', top: bareTarget.name, bottom: bareCopyTarget.name },
      ...proxyRatios,
    ],
    duels,
    duelSeconds,
    (repetition, label, top, bottom) =>
      console.log(`duel ${repetition + 1}/${duels} ${label}: ${Math.round(top)} / ${Math.round(bottom)} rps`),
  );

  console.log('profiling the proxy under load (32 connections)...');
  const profileFile = join(out, 'proxy.cpuprofile');
  // The profile's own users visit once first, so it shows the steady state, not first visits (token checks, queries).
  await wrk(proxy.url, proxyPath, 32, 2, proxy.profileTokens);
  await ask(proxy.process, { profile: 'start' }, 'profiling');
  await wrk(proxy.url, proxyPath, 32, seconds, proxy.profileTokens);
  await ask(proxy.process, { profile: 'stop', file: profileFile }, 'profiled');
  const profile = summarize(JSON.parse(readFileSync(profileFile, 'utf8')));

  console.log('faulty origins: memory under repeated faults...');
  const faults = await faultSoak();

  const row = (target: Target) => rows.find((r) => r.name === target.name)!;
  const keyRows = {
    origin: row(named.origin),
    bare: row(named.bare),
    replyFrom: row(named.replyFrom),
    floor: row(named.floor),
    ours: row(named.proxy),
  };
  report(rows, keyRows, ratios, duelRatios, profile, faults);
  writeFileSync(
    join(out, 'proxy.json'),
    JSON.stringify(
      { seconds, rounds, blocks, slice, duels, duelSeconds, rows, ratios, duelRatios, profile, faults },
      null,
      2,
    ),
  );
  rmSync(work, { recursive: true, force: true });
  for (const drop of cleanups) await drop();
}

const VARIANT_NAMES: Record<string, string> = {
  postgres: 'on PostgreSQL',
  redis: 'Redis rate limiter',
  'postgres-redis': 'on PostgreSQL + Redis',
};

interface PlatformTarget {
  kind: string;
  url: string;
  process: ChildProcess;
  /** 1000 tokens for the measured runs, 1000 other users for the profile run, 3000 for the head-to-head runs. */
  tokens: string;
  profileTokens: string;
  duelTokens: string;
}

/**
 * A platform child seeds 5000 users: the first thousand carry the measured runs, the second the
 * profile run, the rest the head-to-head runs (which load the proxy three times in four), so nobody
 * nears 180 requests a minute and every figure includes the limiter's work.
 */
async function startPlatform(
  work: string,
  kind: string,
  env: Record<string, string>,
): Promise<PlatformTarget> {
  const all = join(work, `${kind}-all-tokens.txt`);
  const started = await spawnChild('platform.ts', {
    ...env,
    BENCH_TOKENS_FILE: all,
    BENCH_DATA_DIR: join(work, `${kind}-data`),
    BENCH_USERS: '5000',
  });
  const lines = readFileSync(all, 'utf8').trim().split('\n');
  const tokens = join(work, `${kind}-tokens.txt`);
  const profileTokens = join(work, `${kind}-profile-tokens.txt`);
  const duelTokens = join(work, `${kind}-duel-tokens.txt`);
  writeFileSync(tokens, `${lines.slice(0, 1000).join('\n')}\n`);
  writeFileSync(profileTokens, `${lines.slice(1000, 2000).join('\n')}\n`);
  writeFileSync(duelTokens, `${lines.slice(2000).join('\n')}\n`);
  return {
    kind,
    url: `http://127.0.0.1:${started.port}`,
    process: started.process,
    tokens,
    profileTokens,
    duelTokens,
  };
}

function firstLine(file: string): string {
  return readFileSync(file, 'utf8').split('\n')[0] ?? '';
}

const cleanups: Array<() => Promise<void>> = [];

/** A fresh PostgreSQL database for the --postgres variant, dropped at the end. */
async function createDatabase(adminUrl: string, suffix = ''): Promise<string> {
  const database = await freshDatabase(adminUrl, `miniapps_bench_${process.pid}${suffix}`);
  cleanups.push(database.drop);
  return database.url;
}

interface FaultSoak {
  rows: FaultRow[];
  heapBeforeMb: number;
  heapAfterMb: number;
  rssBeforeMb: number;
  rssAfterMb: number;
}

/** faults.ts in its own process, with the garbage collector exposed so heap figures are after a full GC. */
function faultSoak(): Promise<FaultSoak> {
  const proc = fork(resolve(here, 'faults.ts'), [], {
    execArgv: ['--expose-gc', '--conditions=source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  adoptChild(proc);
  return new Promise((done, fail) => {
    proc.on('message', (m: { faults?: FaultSoak }) => m.faults && done(m.faults));
    proc.on('exit', (code) => code !== 0 && fail(new Error(`faults.ts exited with ${code}`)));
  });
}

function ask(proc: ChildProcess, message: object, answer: string): Promise<void> {
  return new Promise((done) => {
    const listener = (m: Record<string, unknown>) => {
      if (answer in m) {
        proc.off('message', listener);
        done();
      }
    };
    proc.on('message', listener);
    proc.send(message);
  });
}

function report(
  rows: Row[],
  { origin, bare, replyFrom, floor, ours }: Record<'origin' | 'bare' | 'replyFrom' | 'floor' | 'ours', Row>,
  ratios: RatioResult[],
  duelRatios: RatioResult[],
  profile: ReturnType<typeof summarize>,
  faults: FaultSoak,
): void {
  const f = (n: number, digits = 2) => n.toFixed(digits);
  console.log(
    `\n| target | rps (32 conn) | CPU per request (µs) | p50 / p99 at 1 conn (ms) | p50 / p99 at 32 conn (ms) | errors |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${Math.round(row.c32.rps)} | ${Math.round(row.cpuUs)} | ${f(row.c1.p50, 3)} / ${f(row.c1.p99, 3)} | ` +
        `${f(row.c32.p50)} / ${f(row.c32.p99)} | ${row.c32.errors + row.c1.errors} |`,
    );
  }
  const added = ours.c1.p50 - origin.c1.p50;
  console.log(`\n| ratio | value | target |`);
  console.log('| --- | ---: | --- |');
  console.log(`| miniapps / bare passthrough (rps) | ${f(ours.c32.rps / bare.c32.rps)}x | >= 0.9x |`);
  console.log(`| miniapps / reply-from (rps) | ${f(ours.c32.rps / replyFrom.c32.rps)}x | >= 1.1x |`);
  console.log(`| miniapps / origin alone (rps) | ${f(ours.c32.rps / origin.c32.rps)}x | (the limit) |`);
  console.log(`| CPU per request, bare / miniapps | ${f(bare.cpuUs / ours.cpuUs)}x | (load-independent) |`);
  console.log(
    `| floor / bare passthrough (rps) | ${f(floor.c32.rps / bare.c32.rps)}x | (the best a checking proxy can do) |`,
  );
  console.log(`| added p50 at 1 connection | ${f(added, 3)} ms | <= 0.3 ms |`);
  ratioTable(`ratio in adjacent ${slice} s slices (${blocks} blocks)`, ratios);
  ratioTable(`ratio head to head, both loaded at once (${duels} × ${duelSeconds} s)`, duelRatios);
  console.log(`\nCPU profile of the proxy, ${f(profile.totalMs / 1000, 1)} s sampled; by package:`);
  for (const p of profile.byPackage) console.log(`  ${f(p.share * 100, 1).padStart(5)}%  ${p.name}`);
  console.log('by function (self time):');
  for (const p of profile.byFunction) console.log(`  ${f(p.share * 100, 1).padStart(5)}%  ${p.name}`);
  console.log(
    `\n| faulty origin path | requests | answers | heap after GC (MB) | external (MB) | RSS (MB) |`,
  );
  console.log('| --- | ---: | --- | ---: | ---: | ---: |');
  for (const r of faults.rows) {
    const answers = Object.entries(r.statuses)
      .map(([k, n]) => `${n}× ${k}`)
      .join(', ');
    console.log(
      `| \`${r.path}\` | ${r.requests} | ${answers} | ${f(r.heapMb ?? 0, 1)} | ${f(r.externalMb ?? 0, 1)} | ${f(r.rssMb ?? 0)} |`,
    );
  }
  console.log(
    `heap after GC: ${f(faults.heapBeforeMb, 1)} MB before the faults, ${f(faults.heapAfterMb, 1)} MB after; ` +
      `RSS ${f(faults.rssBeforeMb, 0)} → ${f(faults.rssAfterMb, 0)} MB`,
  );
}

const VERDICT_TEXT = { met: 'met', 'not met': 'NOT met', undecided: 'undecided (interval spans the target)' };

/** A table of ratios with their intervals and, where a ratio has a target, the verdict. */
function ratioTable(title: string, ratios: RatioResult[]): void {
  const f = (n: number) => n.toFixed(2);
  console.log(`\n| ${title} | median | 95 % interval | target | verdict |`);
  console.log('| --- | ---: | ---: | --- | --- |');
  for (const r of ratios) {
    const interval = r.low === undefined ? '(too few samples)' : `${f(r.low)}–${f(r.high!)}x`;
    const verdict = verdictOf(r);
    console.log(
      `| ${r.label} | ${f(r.median)}x | ${interval} | ${r.goal ? `>= ${r.goal}x` : ''} | ${verdict ? VERDICT_TEXT[verdict] : ''} |`,
    );
  }
}

try {
  await main();
} finally {
  stopChildren();
}
