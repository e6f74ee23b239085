// Steady-state CPU per request of a few targets under continuous load, for trying changes one at a time:
// `tsx bench/proxy/steady.ts --targets bare,floor,proxy --seconds 5 --rounds 3 [--pause N] [--hold]`.
// Unlike run.ts there is no pause between a target's runs long enough for caches or connections to expire.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { testCertificates } from '../../packages/server/test/helpers/https-origin.js';
import { cpuSeconds } from './cpu.js';
import { API_PATH, type Ready } from './ipc.js';
import { wrk } from './wrk.js';

const here = import.meta.dirname;
const arg = (name: string, fallback: string) =>
  process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? fallback) : fallback;
const names = arg('--targets', 'bare,floor,proxy').split(',');
const seconds = Number(arg('--seconds', '5'));
const rounds = Number(arg('--rounds', '3'));
// Seconds of silence before each round, to see what a pause (expired caches, closed connections) costs.
const pause = Number(arg('--pause', '0'));
const children: ChildProcess[] = [];
const SLICE = 1000;

function spawnChild(file: string, env: Record<string, string>): Promise<{ port: number; pid: number }> {
  const proc = fork(resolve(here, file), [], {
    execArgv: (process.env.BENCH_EXEC_ARGV ?? '--import tsx').split(' ').filter(Boolean),
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(proc);
  return new Promise((done, fail) => {
    proc.on('message', (m: Ready) => m.ready && done({ port: m.port, pid: proc.pid ?? 0 }));
    proc.on('exit', (code) => fail(new Error(`${file} exited with ${code}`)));
  });
}

try {
  const work = mkdtempSync(join(tmpdir(), 'miniapps-steady-'));
  const certs = testCertificates();
  writeFileSync(join(work, 'origin.key'), certs.key);
  writeFileSync(join(work, 'origin.pem'), certs.cert);
  const origin = await spawnChild('origin.ts', {
    BENCH_KEY_FILE: join(work, 'origin.key'),
    BENCH_CERT_FILE: join(work, 'origin.pem'),
  });
  const shared = { BENCH_ORIGIN_PORT: String(origin.port), BENCH_CA_FILE: certs.caFile };
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
      const p = await spawnChild('platform.ts', {
        ...shared,
        BENCH_TOKENS_FILE: tokensAll,
        BENCH_DATA_DIR: join(work, 'data'),
        BENCH_USERS: '20000',
      });
      allTokens = readFileSync(tokensAll, 'utf8').trim().split('\n');
      targets.push({ name, ...p, path: `/functions/v1/miniapp-proxy/bench/timetable${API_PATH}` });
    } else {
      targets.push({ name, ...(await spawnChild(`${name}.ts`, shared)), path: API_PATH });
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
  for (const c of children) c.kill('SIGTERM');
}
