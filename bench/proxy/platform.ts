// The platform under test: the real app with every proxy check on, seeded with 1000 users, consents and a signing secret.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { benchPlatform } from './bench-platform.js';
import { announce, originFromEnv } from './ipc.js';

const { app } = await benchPlatform({
  origin: originFromEnv(),
  dataDir: process.env.BENCH_DATA_DIR ?? '',
  tokensFile: process.env.BENCH_TOKENS_FILE ?? '',
  users: Number(process.env.BENCH_USERS ?? 2000),
  redisUrl: process.env.BENCH_REDIS_URL,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  usageStats: process.env.BENCH_USAGE_STATS !== 'off',
});
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
