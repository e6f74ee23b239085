// The platform under test: the real app with every proxy check on, seeded with 1000 users, consents and a signing secret.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { createPlatform, type Platform } from '../../packages/server/src/platform.js';
import { deriveKey } from '../../packages/server/src/signing/keys.js';
import { issueSigningSecret } from '../../packages/server/src/signing/repository.js';
import { announce, originFromEnv } from './ipc.js';

const USERS = 2000;
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
await seed(platform);
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

/** One organization, one published remote app declaring four scopes, 2000 users who granted them all. */
async function seed(p: Platform): Promise<void> {
  const db = p.db;
  const now = new Date().toISOString();
  const owner = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({ id: owner, email: 'owner@bench.example', roles: '[]', createdAt: now, updatedAt: now })
    .execute();
  await db
    .insertInto('organizations')
    .values({ id: 'bench', name: 'Bench', createdBy: owner, createdAt: now })
    .execute();
  const appId = crypto.randomUUID();
  const scopes = JSON.stringify(['identity', 'email', 'profile', 'group']);
  await db
    .insertInto('apps')
    .values({
      id: appId,
      organizationId: 'bench',
      slug: 'timetable',
      sourceKind: 'remote',
      name: 'Timetable',
      origin: `https://origin.test:${origin.port}`,
      startPath: '/',
      scopes,
      status: 'published',
      version: 0,
      liveName: 'Timetable',
      liveOrigin: `https://origin.test:${origin.port}`,
      liveStartPath: '/',
      liveScopes: scopes,
      createdBy: owner,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await issueSigningSecret(db, deriveKey(config.keys.platformKey, 'signing-secrets'), appId, Date.now());

  const tokens: string[] = [];
  for (let start = 0; start < USERS; start += 100) {
    const users = Array.from({ length: 100 }, (_, i) => ({
      id: crypto.randomUUID(),
      email: `user${start + i}@bench.example`,
      fullName: `Student Number ${start + i}`,
      course: String(1 + ((start + i) % 5)),
      groupName: `CS-${(start + i) % 40}`,
      roles: '[]',
      createdAt: now,
      updatedAt: now,
    }));
    await db.insertInto('users').values(users).execute();
    await db
      .insertInto('consents')
      .values(users.map((u) => ({ userId: u.id, appId, scopes, createdAt: now, updatedAt: now })))
      .execute();
    for (const user of users) tokens.push(await p.userTokens.issue!({ sub: user.id, email: user.email }));
  }
  writeFileSync(tokensFile, `${tokens.join('\n')}\n`);
}
