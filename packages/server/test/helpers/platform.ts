// Starts a real platform for a test (real database, real HTTP app) and signs users in through the dev login.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createPlatform, type Platform } from '../../src/platform.js';
import { createTestDatabase, type TestDatabase, type TestDialect } from './databases.js';

export interface SignedIn {
  token: string;
  user: { id: string; email: string; roles: string[] };
  /** Authorization header for this user. */
  auth: { authorization: string };
}

export interface TestPlatform {
  app: FastifyInstance;
  platform: Platform;
  config: Config;
  database: TestDatabase;
  /** In-process request (light-my-request): `res.json()` parses the body. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  login(
    email: string,
    extra?: { fullName?: string; course?: string; group?: string; moderator?: boolean },
  ): Promise<SignedIn>;
  /** Listens on an ephemeral loopback port and returns its base URL (for tests that need real sockets). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestPlatform(
  dialect: TestDialect,
  env: Record<string, string> = {},
  build: BuildOptions = {},
): Promise<TestPlatform> {
  const database = await createTestDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
    ...env,
  });
  const platform = await createPlatform(config);
  const app = await buildApp(platform, build);
  await app.ready();

  const request: TestPlatform['request'] = (options) => app.inject(options);

  return {
    app,
    platform,
    config,
    database,
    request,
    async login(email, extra = {}) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/dev/login',
        payload: {
          email,
          ...(extra.fullName && { fullName: extra.fullName }),
          ...(extra.course && { course: extra.course }),
          ...(extra.group && { group: extra.group }),
          ...(extra.moderator && { roles: ['moderator'] }),
        },
      });
      if (res.statusCode !== 200) throw new Error(`dev login failed: ${res.statusCode} ${res.body}`);
      const body = res.json() as { token: string; user: SignedIn['user'] };
      return { token: body.token, user: body.user, auth: { authorization: `Bearer ${body.token}` } };
    },
    async listen() {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      return address;
    },
    async close() {
      await app.close();
      await platform.close();
      await database.drop();
    },
  };
}

export interface SecondNode {
  platform: Platform;
  app: FastifyInstance;
}

/** A second server process beside `first`: the same database, key file and settings (`env`), its own app. */
export async function startSecondNode(first: TestPlatform, env: Record<string, string>): Promise<SecondNode> {
  const platform = await createPlatform(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: first.database.dataDir,
      ...(first.database.databaseUrl && { DATABASE_URL: first.database.databaseUrl }),
      ...env,
    }),
  );
  const app = await buildApp(platform);
  await app.ready();
  return { platform, app };
}

/** REDIS_URL with a prefix of this test's own, so tests sharing the one Redis never see each other's keys. */
export function sharedRedisEnv(redisUrl: string, name: string): Record<string, string> {
  return { REDIS_URL: redisUrl, RATE_LIMIT_PREFIX: `test:${name}:${randomBytes(6).toString('hex')}:` };
}

/** Until the platform's Redis connection is up: commands fail at once before it (no offline queue). */
export async function redisReady(platform: Platform): Promise<void> {
  while (platform.redis && platform.redis.status !== 'ready') await sleep(20);
}
