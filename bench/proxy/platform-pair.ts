// Two copies of the platform in one process, each on its own port: the one process's luck (JIT, heap, where the
// scheduler put it) is then common to both, and a paired bench compares only what the copies do differently.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { benchPlatform } from './bench-platform.js';
import { originFromEnv, type Ready } from './ipc.js';

const dataDir = process.env.BENCH_DATA_DIR ?? '';
mkdirSync(dataDir, { recursive: true });
const users = Number(process.env.BENCH_USERS ?? 2000);
/** BENCH_PAIR_STATS: usage statistics in each copy, e.g. `on,off` (stats-cost.ts) or `on,on` (its control). */
const counts = (process.env.BENCH_PAIR_STATS ?? 'on,off').split(',').map((value) => value === 'on');
const ports: number[] = [];
for (const [i, usageStats] of counts.entries()) {
  const { app } = await benchPlatform({
    origin: originFromEnv(),
    dataDir: join(dataDir, `copy-${i}`),
    tokensFile: join(dataDir, `copy-${i}-tokens.txt`),
    users,
    databaseUrl: process.env[`BENCH_DATABASE_URL_${i}`],
    usageStats,
  });
  app.server.keepAliveTimeout = 60_000;
  await app.listen({ port: 0, host: '127.0.0.1' });
  ports.push((app.server.address() as AddressInfo).port);
}
process.send?.({ ready: true, port: ports[0] ?? 0, ports } satisfies Ready);
