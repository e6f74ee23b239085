// The whole platform as the benchmark runs it: configured for the test origin, seeded, its HTTP app built.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createPlatform } from '../../packages/server/src/platform.js';
import type { OriginSettings } from './ipc.js';
import { seedBench } from './seed.js';

export interface BenchPlatformOptions {
  origin: OriginSettings;
  dataDir: string;
  /** Where the seeded users' tokens are written, one per line. */
  tokensFile: string;
  users: number;
  redisUrl?: string | undefined;
  databaseUrl?: string | undefined;
  /** False: usage statistics not counted (the baseline of bench/proxy/stats-cost.ts). */
  usageStats?: boolean;
}

export async function benchPlatform(options: BenchPlatformOptions) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    EGRESS_HOSTS: 'origin.test=127.0.0.1',
    EGRESS_ALLOW_RANGES: '127.0.0.0/8',
    NODE_EXTRA_CA_CERTS: options.origin.caFile,
    ...(options.redisUrl && { REDIS_URL: options.redisUrl, RATE_LIMIT_PREFIX: `bench:${process.pid}:` }),
    ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
  });
  const platform = await createPlatform(config);
  const tokens = await seedBench(platform, config, { users: options.users, originPort: options.origin.port });
  writeFileSync(options.tokensFile, `${tokens.join('\n')}\n`);
  // Request logging stays off, as in the baselines: the figure is the proxy's own work.
  const app = await buildApp(platform, { logger: false, usageStats: options.usageStats !== false });
  return { platform, app };
}
