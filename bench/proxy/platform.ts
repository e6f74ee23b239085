// The platform under test: the real app with every proxy check on, seeded with 1000 users, consents and a signing secret.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createPlatform } from '../../packages/server/src/platform.js';
import { announce, originFromEnv } from './ipc.js';
import { seedBench } from './seed.js';

const USERS = Number(process.env.BENCH_USERS ?? 2000);
const origin = originFromEnv();
const tokensFile = process.env.BENCH_TOKENS_FILE ?? '';
const dataDir = process.env.BENCH_DATA_DIR ?? '';

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  EGRESS_HOSTS: 'origin.test=127.0.0.1',
  EGRESS_ALLOW_RANGES: '127.0.0.0/8',
  NODE_EXTRA_CA_CERTS: origin.caFile,
  ...(process.env.BENCH_REDIS_URL && {
    REDIS_URL: process.env.BENCH_REDIS_URL,
    RATE_LIMIT_PREFIX: `bench:${process.pid}:`,
  }),
  ...(process.env.BENCH_DATABASE_URL && { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
});
export const platform = await createPlatform(config);
writeFileSync(
  tokensFile,
  `${(await seedBench(platform, config, { users: USERS, originPort: origin.port })).join('\n')}\n`,
);
// Request logging stays off, as in the baselines: the figure is the proxy's own work.
export const app = await buildApp(platform, { logger: false });
app.server.keepAliveTimeout = 60_000;
await app.listen({ port: 0, host: '127.0.0.1' });

let session: Session | undefined;
process.on('message', async (message: { profile?: 'start' | 'stop'; file?: string }) => {
  if (message.profile === 'start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    process.send?.({ profiling: true });
  } else if (message.profile === 'stop' && session && message.file) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(message.file, JSON.stringify(profile));
    session.disconnect();
    process.send?.({ profiled: message.file });
  }
});
announce((app.server.address() as AddressInfo).port);
