// What usage statistics cost the proxy, one command: `npx tsx --conditions=source bench/proxy/stats-cost.ts`
// (options: --blocks N of --slice S seconds, default 40 of 2; --postgres URL runs both on PostgreSQL;
// --control counts in both copies, an A/A run that shows the method's own bias: its ratio should be 1).
// Two copies of the platform in processes of their own, the same seed and the same https origin; one counts
// usage (the default), the other is built without it. Their throughput at 32 connections is compared in short
// adjacent slices, so the machine's drift cancels within a pair, and so is their CPU time per request (/proc), which
// other processes' load moves far less. Target (issue 21): counting keeps at least 97 % of the proxy's throughput.
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
const blocks = Number(argument('blocks') ?? 40);
const slice = Number(argument('slice') ?? 2);
const postgresUrl = argument('postgres');
const control = process.argv.includes('--control');
const GOAL = 0.97;
const PATH = `/functions/v1/miniapp-proxy/bench/timetable${API_PATH}`;

async function platformTarget(
  work: string,
  name: string,
  env: Record<string, string>,
): Promise<SliceTarget & { pid: number }> {
  const tokens = join(work, `${name}-tokens.txt`);
  const started = await spawnChild('platform.ts', {
    ...env,
    BENCH_TOKENS_FILE: tokens,
    BENCH_DATA_DIR: join(work, `${name}-data`),
    // The limit is 180 requests a minute per user: 5000 users keep two loaded targets well under it.
    BENCH_USERS: '5000',
  });
  return { name, url: `http://127.0.0.1:${started.port}`, path: PATH, tokens, pid: started.process.pid ?? 0 };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'miniapps-bench-stats-'));
  const origin = await startOrigin(work);
  const database = async (suffix: string) =>
    postgresUrl
      ? { BENCH_DATABASE_URL: (await freshDatabase(postgresUrl, `miniapps_bench_stats_${suffix}`)).url }
      : {};
  const counting = await platformTarget(work, 'counting', { ...origin.env, ...(await database('on')) });
  const baseline = await platformTarget(work, 'not counting', {
    ...origin.env,
    ...(await database('off')),
    ...(control ? {} : { BENCH_USAGE_STATS: 'off' }),
  });
  for (const target of [counting, baseline]) await wrk(target.url, target.path, 32, 3, target.tokens);

  console.log(
    `paired slices: ${blocks} blocks of ${slice} s per target (${postgresUrl ? 'PostgreSQL' : 'SQLite'})` +
      `${control ? ', A/A control: both copies count' : ''}...`,
  );
  const rps: number[] = [];
  const cpu: number[] = [];
  for (let block = 0; block < blocks; block++) {
    const seen = new Map<SliceTarget, { rps: number; cpuUs: number }>();
    // Alternating order: neither target always runs first.
    for (const target of block % 2 === 0 ? [counting, baseline] : [baseline, counting]) {
      const before = cpuSeconds(target.pid);
      const load = await wrk(target.url, target.path, 32, slice, target.tokens);
      if (load.errors > 0) throw new Error(`${target.name}: ${load.errors} errors in a slice`);
      const cpuUs = ((cpuSeconds(target.pid) - before) * 1e6) / (load.rps * slice);
      seen.set(target, { rps: load.rps, cpuUs });
      console.log(
        `block ${block + 1}/${blocks} ${target.name}: ${Math.round(load.rps)} rps, ${cpuUs.toFixed(1)} µs CPU per request`,
      );
    }
    rps.push(seen.get(counting)!.rps / seen.get(baseline)!.rps);
    // Throughput a CPU-bound process keeps: the baseline's CPU per request over the counting one's.
    cpu.push(seen.get(baseline)!.cpuUs / seen.get(counting)!.cpuUs);
  }
  const f = (x: number | undefined) => (x === undefined ? '—' : `${x.toFixed(3)}×`);
  console.log('\n| ratio, counting / not counting | median | 95 % interval | target | verdict |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [label, values] of [
    ['requests per second (paired slices)', rps],
    ['throughput from CPU time per request', cpu],
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
