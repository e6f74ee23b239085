// With REDIS_URL: the server only enqueues (BullMQ) and a separate `worker` process sends.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
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

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl).each(dialects)('push worker process with BullMQ on %s', (dialect) => {
  const queueName = `push-test-${randomBytes(6).toString('hex')}`;
  let fakes: PushFakes;
  let t: TestPlatform;
  let env: Record<string, string>;
  let worker: PlatformProcess | undefined;

  beforeAll(async () => {
    fakes = await startPushFakes();
    const base = { ...fakes.env, REDIS_URL: redisUrl!, PUSH_QUEUE_NAME: queueName };
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
    await obliterateQueue(redisUrl!, queueName);
  });

  it('the server enqueues; nothing is sent until a worker process runs; the worker sends each device once', async () => {
    const owner = await t.login('worker-owner@uni.example');
    const app = await publishedApp(t, t.platform.db, owner.auth, 'queue-org', 'queued', { name: 'Queued' });
    const fans = await Promise.all(['a', 'b', 'c'].map((n) => t.login(`${n}-fan@uni.example`)));
    const tokens = [
      deviceToken('ios', 1, 'wk'),
      deviceToken('huawei', 2, 'wk'),
      deviceToken('android', 3, 'wk'),
    ];
    const platforms = ['ios', 'huawei', 'android'] as const;
    for (const [i, fan] of fans.entries()) {
      await t.request({
        method: 'POST',
        url: '/api/v1/me/devices',
        headers: fan.auth,
        payload: { platform: platforms[i], token: tokens[i] },
      });
    }
    await grant(
      t.platform.db,
      app.id,
      fans.map((f) => f.user.id),
    );
    fakes.hms.script.next(tokens[1]!, 'unavailable');

    const res = await t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${await deployToken(t, owner.auth)}` },
      payload: { organizationId: 'queue-org', slug: 'queued', title: 'Hello', body: 'From the queue' },
    });
    expect(res.json()).toEqual({ ok: true, delivered: 3, users: 3 });
    const location = res.headers.location as string;
    await new Promise((r) => setTimeout(r, 300));
    expect(
      fakes.apns.script.attempts.size + fakes.hms.script.attempts.size + fakes.fcm.script.attempts.size,
    ).toBe(0);

    worker = startProcess('worker', env);
    await waitForOutput(worker, /push worker started/);
    const done = await waitFor(async () => {
      const one = (await t.request({ method: 'GET', url: location, headers: owner.auth })).json()
        .notification;
      return one.finishedAt ? one : undefined;
    });
    expect(done).toMatchObject({ devices: 3, accepted: 3, failed: 0, pending: 0 });
    for (const [i, fake] of [fakes.apns, fakes.hms, fakes.fcm].entries())
      expect(fake.script.deliveredTo(tokens[i]!)).toHaveLength(1);
    expect(fakes.hms.script.attempts.get(tokens[1]!)).toBe(2);
    expect(await worker.stop()).toBe(0);
    worker = undefined;
  });

  it('the worker command refuses to start without REDIS_URL', async () => {
    const { REDIS_URL: _, ...withoutRedis } = env;
    const proc = startProcess('worker', withoutRedis);
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('set REDIS_URL');
  });
});
