// Memory under faulty origins: many oversized, endless, bomb, reset and slow answers through the proxy; the heap must stay flat.
// Runs as a child of run.ts with --expose-gc (or alone: node --expose-gc --conditions=source --import tsx bench/proxy/faults.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createPlatform } from '../../packages/server/src/platform.js';
import { startHttpsOrigin, testCertificates } from '../../packages/server/test/helpers/https-origin.js';

const ROUNDS = 60;
const PARALLEL = 10;
const faults = [
  '/big-chunked/614400',
  '/big/614400',
  '/endless',
  '/gzip/614400',
  '/gzip-endless',
  '/html',
  '/reset',
  '/redirect',
];

export interface FaultRow {
  path: string;
  requests: number;
  statuses: Record<string, number>;
  /** After this batch and a full GC: JS heap, buffers outside it, and the process's resident size. */
  heapMb?: number;
  externalMb?: number;
  rssMb?: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

function heapMb(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-bench-faults-'));
const origin = await startHttpsOrigin();
const platform = await createPlatform(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EGRESS_HOSTS: 'origin.test=127.0.0.1',
    EGRESS_ALLOW_RANGES: '127.0.0.0/8',
    NODE_EXTRA_CA_CERTS: testCertificates().caFile,
  }),
);
const app = await buildApp(platform);
const now = new Date().toISOString();
const users = Array.from({ length: PARALLEL }, () => crypto.randomUUID());
await platform.db
  .insertInto('users')
  .values(
    users.map((id, i) => ({ id, email: `f${i}@bench.example`, roles: '[]', createdAt: now, updatedAt: now })),
  )
  .execute();
await platform.db
  .insertInto('organizations')
  .values({ id: 'bench', name: 'B', createdBy: users[0]!, createdAt: now })
  .execute();
const base = `https://origin.test:${origin.port}`;
await platform.db
  .insertInto('apps')
  .values({
    id: crypto.randomUUID(),
    organizationId: 'bench',
    slug: 'faulty',
    sourceKind: 'remote',
    name: 'F',
    origin: base,
    startPath: '/',
    scopes: '[]',
    status: 'published',
    version: 0,
    liveName: 'F',
    liveOrigin: base,
    liveStartPath: '/',
    liveScopes: '[]',
    createdBy: users[0]!,
    createdAt: now,
    updatedAt: now,
  })
  .execute();
// One user per parallel lane: each sends about 60 requests in all, under the 180-a-minute limit.
const tokens = await Promise.all(users.map((sub) => platform.userTokens.issue!({ sub })));

async function hammer(path: string, rounds: number): Promise<FaultRow> {
  const statuses: Record<string, number> = {};
  for (let r = 0; r < rounds / PARALLEL; r++) {
    await Promise.all(
      tokens.map(async (token) => {
        const res = await app.inject({
          method: 'GET',
          url: `/functions/v1/miniapp-proxy/bench/faulty/api${path}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const key = `${res.statusCode} ${res.json().error ?? 'ok'}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      }),
    );
  }
  const heap = heapMb();
  const { external, rss } = process.memoryUsage();
  return {
    path,
    requests: rounds,
    statuses,
    heapMb: heap,
    externalMb: external / 2 ** 20,
    rssMb: rss / 2 ** 20,
  };
}

// Warm every path once so code and pools are in place before the baseline.
for (const path of faults) await hammer(path, PARALLEL);
const before = heapMb();
const rssBefore = process.memoryUsage().rss / 1024 / 1024;
const rows: FaultRow[] = [];
// Twice through the list: a second pass that ends where the first did shows the memory is bounded.
for (const path of [...faults, ...faults]) rows.push(await hammer(path, ROUNDS));
// Slow drips and silent origins hold requests for the whole 10 s deadline.
rows.push(await hammer('/drip/30', PARALLEL));
rows.push(await hammer('/hang', PARALLEL));
const after = heapMb();
const rssAfter = process.memoryUsage().rss / 1024 / 1024;

const result = {
  rows,
  heapBeforeMb: before,
  heapAfterMb: after,
  rssBeforeMb: rssBefore,
  rssAfterMb: rssAfter,
};
if (process.send) process.send({ faults: result });
else console.log(JSON.stringify(result, null, 2));
await app.close();
await platform.close();
await origin.close();
rmSync(dataDir, { recursive: true, force: true });
