// Redis killed and restarted under a real server process: readiness says so, the rate limit never goes unlimited,
// notify neither hangs nor loses the push, and everything comes back by itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.js';
import { PROXY } from './helpers/proxy-apps.js';
import {
  deployToken,
  deviceToken,
  grant,
  publishedApp,
  type Requester,
  waitFor,
} from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';
import { type PlatformProcess, startServer } from './helpers/push-fakes/processes.js';
import { redisServerInstalled, startThrowawayRedis, type ThrowawayRedis } from './helpers/redis-server.js';

describe.runIf(redisServerInstalled)('a server process whose Redis dies and comes back', () => {
  let redis: ThrowawayRedis;
  let fakes: PushFakes;
  let dataDir: string;
  let server: PlatformProcess & { url: string };
  let database: Database;
  let http: Requester;
  let fan: { authorization: string };
  /** A user the memory limiter has not counted yet (the fan used a whole minute's worth in the first outage). */
  let other: { authorization: string };
  let deploy: string;
  const fanToken = deviceToken('rustore', 1, 'outage');

  const send = async (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { ...headers, ...(payload && { 'content-type': 'application/json' }) },
      ...(payload && { body: JSON.stringify(payload) }),
    });
    const body = await res.text();
    return { statusCode: res.status, body, headers: res.headers, json: () => JSON.parse(body) as unknown };
  };
  const login = async (email: string) => {
    const res = await send('POST', '/api/v1/dev/login', {}, { email });
    return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
  };
  const notify = () =>
    send(
      'POST',
      '/functions/v1/miniapp-notify',
      { authorization: `Bearer ${deploy}` },
      { organizationId: 'outage', slug: 'news', title: 'Still here', body: 'Sent after Redis came back' },
    );
  const logLines = (msg: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes(`"msg":"${msg}"`));

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    fakes = await startPushFakes();
    dataDir = await mkdtemp(join(tmpdir(), 'miniapps-outage-'));
    server = await startServer({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      PUSH_WORKER: 'inline',
      ...fakes.env,
    });
    database = openDatabase({ databaseUrl: undefined, dataDir });
    http = { request: ({ method, url, headers, payload }) => send(method, url, headers, payload) };
    const owner = await login('owner@uni.example');
    fan = await login('fan@uni.example');
    other = await login('other@uni.example');
    const app = await publishedApp(http, database.db, owner, 'outage', 'news');
    deploy = await deployToken(http, owner);
    const device = await send('POST', '/api/v1/me/devices', fan, { platform: 'rustore', token: fanToken });
    expect(device.statusCode).toBe(201);
    const me = (await send('GET', '/api/v1/me', fan)).json() as { user: { id: string } };
    await grant(database.db, app.id, [me.user.id]);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await redis?.kill();
    await fakes?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('/readyz covers Redis: 200 while it answers, 503 unavailable as soon as it is gone', async () => {
    expect((await send('GET', '/readyz')).json()).toMatchObject({ ok: true, redis: 'ready' });
    await redis.kill();
    const started = Date.now();
    const down = await waitFor(async () => {
      const res = await send('GET', '/readyz');
      return res.statusCode === 503 ? res : undefined;
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(down.json()).toMatchObject({ ok: false, error: 'unavailable' });
  });

  it('while Redis is away the rate limit counts per node in memory: 180 of 250 requests pass, not 250', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 250; i++)
      statuses.push((await send('GET', `${PROXY}/platform/profile-card/screen/`, fan)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(180);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70);
  });

  it('notify answers within 2 s with the push recorded and charged; it waits in the outbox', async () => {
    const started = Date.now();
    const res = await notify();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.json()).toEqual({ ok: true, delivered: 1, users: 1 });
    const id = String(res.headers.get('location')).split('/').at(-1)!;
    const row = await database.db
      .selectFrom('notifications')
      .select(['queuedAt', 'delivered'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ queuedAt: null, delivered: 1 });
    expect(fakes.rustore.script.deliveredTo(fanToken)).toHaveLength(0);
  });

  it('when Redis is back: ready again, the outbox drained and the push delivered once, the limit shared again', async () => {
    await redis.start();
    await waitFor(async () => ((await send('GET', '/readyz')).statusCode === 200 ? true : undefined));
    await waitFor(async () => (fakes.rustore.script.deliveredTo(fanToken).length > 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 500));
    expect(fakes.rustore.script.deliveredTo(fanToken)).toHaveLength(1);
    // The new Redis holds no counts: the user starts afresh there, and the node says it is back on Redis.
    await waitFor(async () => {
      expect((await send('GET', `${PROXY}/platform/profile-card/screen/`, fan)).statusCode).toBe(200);
      return logLines('rate limit: counting in Redis again').length > 0 ? true : undefined;
    });
  });

  it('a Redis that hangs (SIGSTOP) holds a request at most its 1 s command timeout; notify answers within 2 s', async () => {
    redis.pause();
    const timed = async <T>(work: () => Promise<T>) => {
      const started = Date.now();
      const value = await work();
      return { value, ms: Date.now() - started };
    };
    const proxied = () => send('GET', `${PROXY}/platform/profile-card/screen/`, other);
    const first = await timed(proxied);
    expect(first.value.statusCode).toBe(200);
    expect(first.ms).toBeLessThan(1_800);
    // Then counted in memory without waiting, one probe of Redis every 2 s.
    const next = await timed(proxied);
    expect(next.value.statusCode).toBe(200);
    expect(next.ms).toBeLessThan(500);
    const ready = await timed(() => send('GET', '/readyz'));
    expect(ready.value.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(1_800);
    const pushed = await timed(notify);
    expect(pushed.ms).toBeLessThan(2_000);
    expect(pushed.value.json()).toMatchObject({ ok: true, users: 1 });
  });

  it('when it answers again (SIGCONT) everything is back by itself', async () => {
    redis.resume();
    await waitFor(async () => ((await send('GET', '/readyz')).statusCode === 200 ? true : undefined));
    // The push made while it hung was in the outbox (or its late jobs reached the queue): delivered once.
    await waitFor(async () => (fakes.rustore.script.deliveredTo(fanToken).length === 2 ? true : undefined));
    await waitFor(async () => {
      expect((await send('GET', `${PROXY}/platform/profile-card/screen/`, other)).statusCode).toBe(200);
      return logLines('rate limit: counting in Redis again').length > 1 ? true : undefined;
    });
  });

  it('each change of state is one JSON log line, and ioredis prints nothing of its own', () => {
    // Two outages: Redis killed, then hung.
    expect(
      logLines('rate limit: Redis unreachable, counting per node in memory until it is back'),
    ).toHaveLength(2);
    expect(logLines('rate limit: counting in Redis again')).toHaveLength(2);
    expect(logLines('redis unreachable; reconnecting').length).toBeGreaterThan(0);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const plain = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(plain).toEqual([]);
    expect(server.output()).not.toContain('[ioredis]');
  });
});
