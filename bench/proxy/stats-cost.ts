// What usage statistics cost the proxy, one command: `npx tsx --conditions=source bench/proxy/stats-cost.ts`
// Options: --rounds R (default 16), --blocks N paired slices of --slice S seconds per round (default 6 of 2),
// --postgres URL (both copies on PostgreSQL), --redis URL (both copies with Redis: limiter and write announcements,
// a process each), --control (both copies count: an A/A run whose ratio should be 1),
// --one-process (both copies in one process, platform-pair.ts, instead of a process each).
// Two copies of the platform, the same seed and the same https origin; one counts usage, the other is built without
// it. Their throughput at 32 connections is compared in short adjacent slices, so the machine's drift cancels within
// a pair, and so is their CPU time per request (/proc), which other processes' load moves far less. One pair of
// copies is not enough: two copies of the same code differ here by up to ±15 % for their whole lives (A/A runs with
// fixed V8 seeds and no ASLR, pinned to CPUs, or sharing one process all did), far more than counting costs. So
// each round starts a fresh pair, in alternating order, and the verdict is read from the rounds' medians.
// Target: counting keeps at least 97 % of the proxy's throughput.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnChild, startOrigin, stopChildren } from './children.js';
import { cpuSeconds } from './cpu.js';
import { freshDatabase } from './database.js';
import { API_PATH } from './ipc.js';
import { medianInterval, type SliceTarget, verdictOf } from './paired.js';
import { wrk } from './wrk.js';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const rounds = Number(argument('rounds') ?? 16);
const blocks = Number(argument('blocks') ?? 6);
const slice = Number(argument('slice') ?? 2);
const postgresUrl = argument('postgres');
const redisUrl = argument('redis');
const control = process.argv.includes('--control');
const oneProcess = process.argv.includes('--one-process');
// One process's copies would share one limiter prefix, so each user would be counted twice against the limit.
if (oneProcess && redisUrl) throw new Error('--redis needs a process each: leave out --one-process');
const GOAL = 0.97;
const PATH = `/functions/v1/miniapp-proxy/bench/timetable${API_PATH}`;
// The limit is 180 requests a minute per user: 5000 users keep two loaded targets well under it.
const USERS = '5000';
const WARM_UP_S = 10;

interface Target extends SliceTarget {
  pid: number;
}

interface Pair {
  counting: Target;
  baseline: Target;
  stop: () => Promise<void>;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.removeAllListeners('exit');
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'miniapps-bench-stats-'));
  const origin = await startOrigin(work);
  const database = async (name: string) =>
    postgresUrl ? (await freshDatabase(postgresUrl, `miniapps_bench_stats_${name}`)).url : undefined;
  const baselineStats = control ? 'on' : 'off';

  /** Both copies in one process, the counting one built first in even rounds. */
  async function onePair(round: number): Promise<Pair> {
    const countingFirst = round % 2 === 0;
    const dir = join(work, `round-${round}`);
    const urls = [await database('a'), await database('b')];
    const started = await spawnChild('platform-pair.ts', {
      ...origin.env,
      BENCH_DATA_DIR: dir,
      BENCH_USERS: USERS,
      BENCH_PAIR_STATS: countingFirst ? `on,${baselineStats}` : `${baselineStats},on`,
      ...(urls[0] && urls[1] && { BENCH_DATABASE_URL_0: urls[0], BENCH_DATABASE_URL_1: urls[1] }),
    });
    const pid = started.process.pid ?? 0;
    const { ports } = started;
    const copy = (i: number, name: string): Target => ({
      name,
      url: `http://127.0.0.1:${ports[i]}`,
      path: PATH,
      tokens: join(dir, `copy-${i}-tokens.txt`),
      pid,
    });
    return {
      counting: copy(countingFirst ? 0 : 1, 'counting'),
      baseline: copy(countingFirst ? 1 : 0, 'not counting'),
      stop: stopper(started.process),
    };
  }

  /** Each copy in a process of its own, started in alternating order. */
  async function twoPair(round: number): Promise<Pair> {
    const start = async (name: string, env: Record<string, string>) => {
      const tokens = join(work, `${name}-${round}-tokens.txt`);
      const started = await spawnChild('platform.ts', {
        ...origin.env,
        ...env,
        BENCH_TOKENS_FILE: tokens,
        BENCH_DATA_DIR: join(work, `${name}-${round}-data`),
        BENCH_USERS: USERS,
        ...(redisUrl && { BENCH_REDIS_URL: redisUrl }),
      });
      const target = {
        name,
        url: `http://127.0.0.1:${started.port}`,
        path: PATH,
        tokens,
        pid: started.process.pid ?? 0,
      };
      return { target, stop: stopper(started.process) };
    };
    // Each copy its own database when on PostgreSQL, as in the one-process mode.
    const databaseEnv = async (name: string) => {
      const url = await database(name);
      return url ? { BENCH_DATABASE_URL: url } : {};
    };
    // Which copy starts first, and which database name it gets, alternate: as in the one-process mode.
    const countingFirst = round % 2 === 0;
    const [mine, theirs] = countingFirst ? ['a', 'b'] : ['b', 'a'];
    const counting = async () => start('counting', await databaseEnv(mine));
    const baseline = async () =>
      start('not counting', {
        ...(await databaseEnv(theirs)),
        ...(control ? {} : { BENCH_USAGE_STATS: 'off' }),
      });
    const baselineFirst = countingFirst ? undefined : await baseline();
    const c = await counting();
    const n = baselineFirst ?? (await baseline());
    return {
      counting: c.target,
      baseline: n.target,
      stop: async () => void (await Promise.all([c.stop(), n.stop()])),
    };
  }

  console.log(
    `${rounds} rounds, each ${oneProcess ? 'a fresh process with both copies' : 'a fresh pair of processes'}, ` +
      `${blocks} blocks of ${slice} s per copy (${postgresUrl ? 'PostgreSQL' : 'SQLite'}${redisUrl ? ' and Redis' : ''})` +
      `${control ? ', A/A control: both copies count' : ''}...`,
  );
  const rps: number[] = [];
  const cpu: number[] = [];
  const roundRps: number[] = [];
  const roundCpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const { counting, baseline, stop } = await (oneProcess ? onePair(round) : twoPair(round));
    // Warm-up: every user's first visit (token, profile, context) and the JIT, so the slices see the steady state.
    // 10 s: after a 4 s warm-up, a lone copy's next 2 s slice still ran ~35 % slower than the ones after it.
    // Which copy is warmed and measured first alternates by round too: the one warmed first then idles 10 s
    // before its first slice (long enough on PostgreSQL for the pool to close its idle connections).
    const first = round % 2 === 0 ? [counting, baseline] : [baseline, counting];
    for (const target of first) await wrk(target.url, target.path, 32, WARM_UP_S, target.tokens);
    const mineRps: number[] = [];
    const mineCpu: number[] = [];
    for (let block = 0; block < blocks; block++) {
      const seen = new Map<Target, { rps: number; cpuUs: number }>();
      // Alternating order: neither copy always runs first.
      for (const target of block % 2 === 0 ? first : [...first].reverse()) {
        const before = cpuSeconds(target.pid);
        const load = await wrk(target.url, target.path, 32, slice, target.tokens);
        if (load.errors > 0) throw new Error(`${target.name}: ${load.errors} errors in a slice`);
        const cpuUs = ((cpuSeconds(target.pid) - before) * 1e6) / (load.rps * slice);
        seen.set(target, { rps: load.rps, cpuUs });
      }
      mineRps.push(seen.get(counting)!.rps / seen.get(baseline)!.rps);
      // Throughput a CPU-bound process keeps: the baseline's CPU per request over the counting one's.
      mineCpu.push(seen.get(baseline)!.cpuUs / seen.get(counting)!.cpuUs);
    }
    await stop();
    rps.push(...mineRps);
    cpu.push(...mineCpu);
    roundRps.push(medianInterval(mineRps).median);
    roundCpu.push(medianInterval(mineCpu).median);
    console.log(
      `round ${round + 1}/${rounds}: requests ${roundRps.at(-1)!.toFixed(3)}×, CPU ${roundCpu.at(-1)!.toFixed(3)}× ` +
        `(slices: ${mineRps.map((r) => r.toFixed(2)).join(' ')})`,
    );
  }
  const f = (x: number | undefined) => (x === undefined ? '—' : `${x.toFixed(3)}×`);
  console.log('\n| ratio, counting / not counting | median | 95 % interval | target | verdict |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [label, values] of [
    ['requests per second, rounds’ medians', roundRps],
    ['throughput from CPU per request, rounds’ medians', roundCpu],
    ['requests per second, all slices pooled', rps],
    ['throughput from CPU per request, all slices pooled', cpu],
  ] as const) {
    const r = { label, top: 'counting', bottom: 'not counting', goal: GOAL, ...medianInterval(values) };
    console.log(
      `| ${label} | ${f(r.median)} | ${f(r.low)}–${f(r.high)} | ≥ ${GOAL}× | ${verdictOf(r) ?? '—'} |`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stopChildren);
