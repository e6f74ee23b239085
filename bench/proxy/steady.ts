// Steady-state CPU per request of a few targets under continuous load, for trying changes one at a time:
// `tsx --conditions=source bench/proxy/steady.ts --targets bare,floor,proxy --seconds 5 --rounds 3 [--pause N] [--hold]`.
// Unlike run.ts there is no pause between a target's runs long enough for caches or connections to expire.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnChild, startOrigin, stopChildren } from './children.js';
import { cpuSeconds } from './cpu.js';
import { API_PATH } from './ipc.js';
import { wrk } from './wrk.js';

const arg = (name: string, fallback: string) =>
  process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? fallback) : fallback;
const names = arg('--targets', 'bare,floor,proxy').split(',');
const seconds = Number(arg('--seconds', '5'));
const rounds = Number(arg('--rounds', '3'));
// Seconds of silence before each round, to see what a pause (expired caches, closed connections) costs.
const pause = Number(arg('--pause', '0'));
const SLICE = 1000;

try {
  const work = mkdtempSync(join(tmpdir(), 'miniapps-steady-'));
  const shared = (await startOrigin(work)).env;
  // e.g. BENCH_EXEC_ARGV="--perf-basic-prof --conditions=source --import tsx" for perf.
  const execArgv = (process.env.BENCH_EXEC_ARGV ?? '--conditions=source --import tsx')
    .split(' ')
    .filter(Boolean);
  const start = async (file: string, env: Record<string, string>) => {
    const child = await spawnChild(file, env, execArgv);
    return { port: child.port, pid: child.process.pid ?? 0 };
  };
  const tokensAll = join(work, 'all-tokens.txt');
  const tokens = join(work, 'tokens.txt');
  // 20000 users seeded; each run takes the next 1000, as run.ts's load does, so no user nears the limit.
  let allTokens: string[] = [];
  let slice = 0;
  const nextSlice = () => {
    if (allTokens.length === 0) return;
    const from = (slice++ * SLICE) % allTokens.length;
    writeFileSync(tokens, `${allTokens.slice(from, from + SLICE).join('\n')}\n`);
  };
  const targets: { name: string; port: number; pid: number; path: string }[] = [];
  for (const name of names) {
    if (name === 'proxy') {
      const p = await start('platform.ts', {
        ...shared,
        BENCH_TOKENS_FILE: tokensAll,
        BENCH_DATA_DIR: join(work, 'data'),
        BENCH_USERS: '20000',
      });
      allTokens = readFileSync(tokensAll, 'utf8').trim().split('\n');
      targets.push({ name, ...p, path: `/functions/v1/miniapp-proxy/bench/timetable${API_PATH}` });
    } else {
      targets.push({ name, ...(await start(`${name}.ts`, shared)), path: API_PATH });
    }
  }
  if (!names.includes('proxy')) writeFileSync(tokens, 'none\n');
  nextSlice();
  for (const t of targets) await wrk(`http://127.0.0.1:${t.port}`, t.path, 32, 3, tokens);
  console.log(`pids: ${targets.map((t) => `${t.name}=${t.pid}`).join(' ')}`);
  console.log(`tokens: ${tokens}`);
  if (process.argv.includes('--hold')) await new Promise((done) => setTimeout(done, 3_600_000));
  const results = new Map<string, number[]>();
  for (let round = 1; round <= rounds; round++) {
    if (pause > 0) await new Promise((done) => setTimeout(done, pause * 1000));
    for (const t of targets) {
      nextSlice();
      const before = cpuSeconds(t.pid);
      const r = await wrk(`http://127.0.0.1:${t.port}`, t.path, 32, seconds, tokens);
      const us = ((cpuSeconds(t.pid) - before) * 1e6) / (r.rps * seconds);
      results.set(t.name, [...(results.get(t.name) ?? []), us]);
      console.log(
        `${t.name}: ${Math.round(r.rps)} rps, ${us.toFixed(1)} µs CPU/request${r.errors ? `, ${r.errors} errors` : ''}`,
      );
    }
  }
  for (const [name, list] of results) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`median ${name}: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} µs`);
  }
} finally {
  stopChildren();
}
