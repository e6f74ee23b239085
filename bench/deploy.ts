// Deploy benchmark: 30 screens of 16 KB through the real endpoint on SQLite, and how fast the validator walks.
// Run: npm run bench:deploy   (targets: deploy p50 < 25 ms; validator >= 50 MB/s)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { validateScreen } from '@miniapps/schema';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { createPlatform } from '../packages/server/src/platform.js';
import { makeScreen } from './screens.js';

const SCREENS = 30;
const SCREEN_BYTES = 16 * 1024;
const WARMUP = 20;
const RUNS = 200;
const WALK_SECONDS = 2;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** The naive baseline: visit every object and array of the parsed JSON, nothing else. */
function visitAll(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + visitAll(item), 1);
  if (typeof value === 'object' && value !== null) {
    let n = 1;
    for (const key in value) n += visitAll((value as Record<string, unknown>)[key]);
    return n;
  }
  return 0;
}

function throughput(walk: (screen: unknown) => unknown, screens: unknown[], bytes: number): number {
  let rounds = 0;
  const start = performance.now();
  while (performance.now() - start < WALK_SECONDS * 1000) {
    for (const screen of screens) walk(screen);
    rounds++;
  }
  const seconds = (performance.now() - start) / 1000;
  return (bytes * rounds) / seconds / 1e6;
}

const dataDir = await mkdtemp(join(tmpdir(), 'miniapps-bench-'));
// 220 deploys of one app in a minute: past the default quota of 60 an hour, which is not what is measured here.
const platform = await createPlatform(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, QUOTA_DEPLOYS_PER_APP: '1000/h' }),
);
const app = await buildApp(platform);
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/dev/login',
    payload: { email: 'bench@uni.example' },
  });
  const auth = { authorization: `Bearer ${login.json().token}` };
  await app.inject({
    method: 'POST',
    url: '/api/v1/orgs',
    headers: auth,
    payload: { id: 'bench', name: 'Bench' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/v1/orgs/bench/apps',
    headers: auth,
    payload: { slug: 'big', name: 'Big', sourceKind: 'hosted' },
  });
  const token = (
    await app.inject({ method: 'POST', url: '/api/v1/tokens', headers: auth, payload: { name: 'b' } })
  ).json().token as string;

  const screens = Array.from({ length: SCREENS }, (_, i) => makeScreen(i, SCREEN_BYTES));
  const items = screens.map((json, i) => ({ path: i === 0 ? '/' : `/s/${i}`, title: `S${i}`, json }));
  const payload = JSON.stringify({ organizationId: 'bench', slug: 'big', submit: true, screens: items });
  const screenBytes = screens.reduce((n, json) => n + JSON.stringify(json).length, 0);

  const deployOnce = async () => {
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/functions/v1/miniapp-deploy',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`deploy failed: ${res.statusCode} ${res.body}`);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await deployOnce();
  const deploySamples: number[] = [];
  for (let i = 0; i < RUNS; i++) deploySamples.push(await deployOnce());

  // Baseline in the same run: the same rows written in one transaction, without HTTP or validation.
  const appRow = await platform.db
    .selectFrom('apps')
    .select('id')
    .where('slug', '=', 'big')
    .executeTakeFirstOrThrow();
  const texts = items.map((item) => JSON.stringify(item.json));
  const rawSamples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const version = 100_000 + run;
    const start = performance.now();
    await platform.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('screens')
        .values(
          items.map((item, i) => ({
            appId: appRow.id,
            version,
            path: item.path,
            title: item.title,
            json: texts[i]!,
          })),
        )
        .execute();
      await trx
        .insertInto('revisions')
        .values({
          appId: appRow.id,
          version,
          screens: `[${texts.join(',')}]`,
          screenCount: SCREENS,
          restoredFrom: null,
          createdBy: null,
          createdAt: new Date().toISOString(),
        })
        .execute();
      await trx
        .deleteFrom('screens')
        .where('appId', '=', appRow.id)
        .where('version', '=', version - 1)
        .execute();
    });
    rawSamples.push(performance.now() - start);
  }

  const walkMBs = throughput((screen) => validateScreen(screen), screens, screenBytes);
  const naiveMBs = throughput(visitAll, screens, screenBytes);
  const deploy = summary(deploySamples);
  const raw = summary(rawSamples);
  const nodes = validateScreen(screens[0]).nodes;

  const fmt = (n: number) => n.toFixed(2);
  console.log(
    `deploy of ${SCREENS} screens x ${(screenBytes / SCREENS / 1024).toFixed(1)} KB (${nodes} nodes each), SQLite, ${RUNS} runs`,
  );
  console.log(
    `  endpoint (parse + validate + commit): p50 ${fmt(deploy.p50)} ms  p95 ${fmt(deploy.p95)} ms  p99 ${fmt(deploy.p99)} ms`,
  );
  console.log(`  baseline (same rows, raw transaction): p50 ${fmt(raw.p50)} ms  p95 ${fmt(raw.p95)} ms`);
  console.log(`  ratio endpoint/baseline p50: ${fmt(deploy.p50 / raw.p50)}x`);
  console.log(`validator walk: ${walkMBs.toFixed(1)} MB/s of screen JSON`);
  console.log(
    `  baseline (visit every value, no checks): ${naiveMBs.toFixed(1)} MB/s; ratio ${fmt(walkMBs / naiveMBs)}x`,
  );
  const okDeploy = deploy.p50 < 25;
  const okWalk = walkMBs >= 50;
  console.log(
    `targets: deploy p50 < 25 ms ${okDeploy ? 'PASS' : 'FAIL'}; validator >= 50 MB/s ${okWalk ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = okDeploy && okWalk ? 0 : 1;
} finally {
  await app.close();
  await platform.close();
  await rm(dataDir, { recursive: true, force: true });
}
