// /metrics after real pushes: device messages by provider and outcome, and the queue's depth, in the server
// (in-process sends) and in the separate worker (its own /metrics on WORKER_METRICS_PORT, BullMQ depth in the server's).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRow } from '../src/db/schema.js';
import type { DevicePlatform } from '../src/devices/rules.js';
import { PUSH_MESSAGES_METRIC, PUSH_QUEUE_METRIC } from '../src/notify/push-metrics.js';
import { REDIS_CONNECTED_METRIC } from '../src/ratelimit/redis-states.js';
import { dialects } from './helpers/databases.js';
import { sample } from './helpers/metrics.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import {
  closePlatform,
  deployToken,
  deviceToken,
  grant,
  publishedApp,
  waitFor,
} from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';
import {
  obliterateQueue,
  type PlatformProcess,
  startProcess,
  waitForOutput,
} from './helpers/push-fakes/processes.js';
import { freePort } from './helpers/redis-server.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const TOKEN = 'worker-metrics-token-0123';

/** Users with one device each on `platforms`, granted the app's notifications; returns their tokens. */
async function devices(
  t: TestPlatform,
  app: AppRow,
  platforms: DevicePlatform[],
  salt: string,
): Promise<string[]> {
  const tokens: string[] = [];
  const ids: string[] = [];
  for (const [i, platform] of platforms.entries()) {
    const user = await t.login(`${salt}${i}@uni.example`);
    const token = deviceToken(platform, i, salt);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: user.auth,
      payload: { platform, token },
    });
    expect(res.statusCode).toBe(201);
    tokens.push(token);
    ids.push(user.user.id);
  }
  await grant(t.platform.db, app.id, ids);
  return tokens;
}

async function notify(t: TestPlatform, token: string, app: AppRow) {
  const res = await t.request({
    method: 'POST',
    url: '/functions/v1/miniapp-notify',
    headers: { authorization: `Bearer ${token}` },
    payload: { organizationId: app.organizationId, slug: app.slug, title: 'Exam', body: 'Friday' },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

describe.each(dialects)('push metrics in the server (in-process sends) on %s', (dialect) => {
  let fakes: PushFakes;
  let t: TestPlatform;
  let token: string;
  let app: AppRow;
  const scrape = async () => (await t.request({ method: 'GET', url: '/metrics' })).body;

  beforeAll(async () => {
    fakes = await startPushFakes();
    t = await startTestPlatform(dialect, fakes.env);
    const owner = await t.login('owner@uni.example');
    token = await deployToken(t, owner.auth);
    app = await publishedApp(t, t.platform.db, owner.auth, 'acme', 'news');
  });
  afterAll(async () => {
    await closePlatform(t);
    await fakes.close();
  });

  it('counts each device message by provider and outcome as it is recorded', async () => {
    const [deadAndroid, badAndroid, ios] = await devices(
      t,
      app,
      ['android', 'android', 'ios', 'huawei', 'rustore'],
      'in',
    );
    fakes.fcm.script.forever(deadAndroid!, 'unregistered');
    fakes.fcm.script.forever(badAndroid!, 'invalid_argument');
    fakes.apns.script.next(ios!, 'unavailable');
    await notify(t, token, app);
    await t.platform.push.idle();

    const text = await scrape();
    const messages = (provider: string, outcome: string) =>
      sample(text, PUSH_MESSAGES_METRIC, { provider, outcome });
    expect(messages('android', 'invalid_token')).toBe(1);
    expect(messages('android', 'failed')).toBe(1);
    expect(messages('android', 'accepted')).toBeUndefined();
    // The transient failure, then the accepted retry.
    expect(messages('ios', 'retry')).toBe(1);
    expect(messages('ios', 'accepted')).toBe(1);
    expect(messages('huawei', 'accepted')).toBe(1);
    expect(messages('rustore', 'accepted')).toBe(1);
  });

  it('reads the queue depth at each scrape: chunk jobs at work, and pushes waiting in the outbox', async () => {
    const idle = await scrape();
    for (const stage of ['outbox', 'waiting', 'delayed', 'active'])
      expect(sample(idle, PUSH_QUEUE_METRIC, { stage }), stage).toBe(0);

    // A slow provider holds the push's one chunk job at work while /metrics is read.
    fakes.rustore.script.delayMs = 1_000;
    const res = await notify(t, token, app);
    await waitFor(async () =>
      sample(await scrape(), PUSH_QUEUE_METRIC, { stage: 'active' }) === 1 ? true : undefined,
    );
    await t.platform.push.idle();
    fakes.rustore.script.delayMs = 0;
    expect(sample(await scrape(), PUSH_QUEUE_METRIC, { stage: 'active' })).toBe(0);

    // A push recorded but not handed to the queue (as while Redis is away) is in the outbox.
    const id = (res.headers.location as string).split('/').at(-1)!;
    await t.platform.db.updateTable('notifications').set({ queuedAt: null }).where('id', '=', id).execute();
    expect(sample(await scrape(), PUSH_QUEUE_METRIC, { stage: 'outbox' })).toBe(1);
  });
});

describe.runIf(REDIS_URL).each(dialects)('push metrics with BullMQ and a worker process on %s', (dialect) => {
  const queueName = `push-metrics-${randomBytes(6).toString('hex')}`;
  let fakes: PushFakes;
  let t: TestPlatform;
  let worker: PlatformProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    fakes = await startPushFakes();
    const base = { ...fakes.env, REDIS_URL: REDIS_URL!, PUSH_QUEUE_NAME: queueName, METRICS_TOKEN: TOKEN };
    t = await startTestPlatform(dialect, base);
    env = {
      NODE_ENV: 'test',
      DATA_DIR: t.database.dataDir,
      ...(t.database.databaseUrl && { DATABASE_URL: t.database.databaseUrl }),
      ...base,
    };
  });
  afterAll(async () => {
    await worker?.stop();
    await closePlatform(t);
    await fakes.close();
    await obliterateQueue(REDIS_URL!, queueName);
  });

  const scrapeServer = async () =>
    (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it("the server reads BullMQ's depth; the worker counts its sends on its own /metrics, behind METRICS_TOKEN", async () => {
    const owner = await t.login('owner@uni.example');
    const app = await publishedApp(t, t.platform.db, owner.auth, 'acme', 'queued');
    const [ios] = await devices(t, app, ['ios', 'huawei'], 'wk');
    fakes.apns.script.forever(ios!, 'bad_device_token');
    const res = await notify(t, await deployToken(t, owner.auth), app);

    // Handed to the queue after the answer; no worker yet, so its one chunk job waits there.
    await t.platform.push.idle();
    const before = await scrapeServer();
    expect(sample(before, PUSH_QUEUE_METRIC, { stage: 'waiting' })).toBe(1);
    expect(sample(before, PUSH_QUEUE_METRIC, { stage: 'outbox' })).toBe(0);
    for (const role of ['platform', 'subscriber', 'push_queue'])
      expect(sample(before, REDIS_CONNECTED_METRIC, { role }), role).toBe(1);

    const port = await freePort();
    worker = startProcess('worker', { ...env, WORKER_METRICS_PORT: String(port) });
    expect(await waitForOutput(worker, /"metricsPort":(\d+)/)).toBe(String(port));
    const location = res.headers.location as string;
    await waitFor(async () => {
      const one = (await t.request({ method: 'GET', url: location, headers: owner.auth })).json()
        .notification;
      return one.finishedAt ? one : undefined;
    });

    const url = `http://127.0.0.1:${port}/metrics`;
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ ok: false, error: 'unauthorized' });
    expect(
      (await fetch(`http://127.0.0.1:${port}/other`, { headers: { authorization: `Bearer ${TOKEN}` } }))
        .status,
    ).toBe(404);
    const text = await (await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(sample(text, PUSH_MESSAGES_METRIC, { provider: 'ios', outcome: 'invalid_token' })).toBe(1);
    expect(sample(text, PUSH_MESSAGES_METRIC, { provider: 'huawei', outcome: 'accepted' })).toBe(1);
    expect(sample(text, REDIS_CONNECTED_METRIC, { role: 'push_worker' })).toBe(1);
    expect(sample(text, REDIS_CONNECTED_METRIC, { role: 'push_queue' })).toBe(1);
    expect(sample(text, 'miniapps_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // The server sent nothing itself, and its queue is empty again.
    const after = await scrapeServer();
    expect(sample(after, PUSH_MESSAGES_METRIC, { provider: 'huawei', outcome: 'accepted' })).toBeUndefined();
    expect(sample(after, PUSH_QUEUE_METRIC, { stage: 'waiting' })).toBe(0);

    expect(await worker.stop()).toBe(0);
    worker = undefined;
  });
});
