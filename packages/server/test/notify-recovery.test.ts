// Sends survive process deaths: recorded pushes are sent by the next sender, killed workers' chunks resume, old rows go.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DELIVERY_RETENTION_MS, pruneOld } from '../src/notify/maintenance.js';
import { loadPush } from '../src/notify/notifications-repository.js';
import { chunkState, expandChunk } from '../src/notify/push-chunks.js';
import { createPlatform, type Platform } from '../src/platform.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import {
  closePlatform,
  deployToken,
  publishedApp,
  rustoreAudience,
  waitFor,
} from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';
import { obliterateQueue, type PlatformProcess, startProcess } from './helpers/push-fakes/processes.js';

describe.each(dialects)('push recovery on %s', (dialect) => {
  let fakes: PushFakes;
  let recorder: TestPlatform;
  let owner: { authorization: string };
  let token: string;

  beforeAll(async () => {
    fakes = await startPushFakes();
    // Records pushes and never sends: the process that "died" before its worker ran.
    recorder = await startTestPlatform(dialect, { ...fakes.env, PUSH_WORKER: 'off' });
    owner = (await recorder.login('recovery@uni.example')).auth;
    token = await deployToken(recorder, owner);
  });
  afterAll(async () => {
    await closePlatform(recorder);
    await fakes.close();
  });

  /** A sending platform on the recorder's database, as a restarted process would be. */
  const sender = (): Promise<Platform> =>
    createPlatform(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: recorder.database.dataDir,
        ...(recorder.database.databaseUrl && { DATABASE_URL: recorder.database.databaseUrl }),
        ...fakes.env,
      }),
    );

  async function recordedPush(slug: string, users: number) {
    const app = await publishedApp(recorder, recorder.platform.db, owner, 'recovery', slug);
    const tokens = await rustoreAudience(recorder.platform.db, app.id, slug, users, slug.replace(/-/g, ''));
    const res = await recorder.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${token}` },
      payload: { organizationId: 'recovery', slug, title: 'Recovered', body: 'Still arrives' },
    });
    expect(res.json()).toEqual({ ok: true, delivered: users, users });
    const id = String(res.headers.location).split('/').at(-1)!;
    // PostgreSQL charges (and writes the chunk rows) just after answering.
    await waitFor(async () => {
      const row = await recorder.platform.db
        .selectFrom('notifications')
        .select('chargedAt')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.chargedAt ?? undefined;
    });
    return { app, id, tokens };
  }

  const finished = (platform: Platform, id: string) =>
    waitFor(async () => {
      const row = await platform.db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.finishedAt ? row : undefined;
    });

  it('a push recorded but not sent is sent by the next process that starts, each device once', async () => {
    const { id, tokens } = await recordedPush('restart', 300);
    expect(fakes.rustore.script.attempts.size).toBe(0);
    const restarted = await sender();
    try {
      expect(await finished(restarted, id)).toMatchObject({
        devices: 300,
        accepted: 300,
        chunks: 2,
        chunksDone: 2,
      });
      expect(tokens.every((t) => fakes.rustore.script.deliveredTo(t).length === 1)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it.runIf(dialect === 'postgres')(
    'a push answered by a node that stopped before charging it is charged and sent by another',
    async () => {
      const app = await publishedApp(recorder, recorder.platform.db, owner, 'recovery', 'uncharged');
      const tokens = await rustoreAudience(recorder.platform.db, app.id, 'uncharged', 30);
      // What the answering transaction commits: the push and its answer, no quota rows, no chunks.
      const at = new Date(Date.now() - 5_000);
      const id = 'ntf_uncharged_by_a_stopped_node';
      await recorder.platform.db
        .insertInto('notifications')
        .values({
          id,
          appId: app.id,
          title: 'Recovered',
          body: 'Charged later',
          page: null,
          sentTitle: 'App uncharged: Recovered',
          link: 'miniapps://open/recovery/uncharged',
          idempotencyKey: null,
          requestHash: 'x',
          tokenId: null,
          quotaDay: at.toISOString().slice(0, 10),
          platforms: '["rustore"]',
          users: 30,
          delivered: 30,
          accepted: 0,
          failed: 0,
          tokensRemoved: 0,
          devices: 0,
          chunks: 0,
          chunksDone: 0,
          response: '{"ok":true,"delivered":30,"users":30}',
          createdAt: at.toISOString(),
        })
        .execute();
      const restarted = await sender();
      try {
        expect(await finished(restarted, id)).toMatchObject({ devices: 30, accepted: 30, chunks: 1 });
        expect(tokens.every((t) => fakes.rustore.script.deliveredTo(t).length === 1)).toBe(true);
      } finally {
        await restarted.close();
      }
    },
  );

  it('rows a dead worker leased and never sent are sent once its lease has ended', async () => {
    const { id, tokens } = await recordedPush('dead-worker', 40);
    const job = { notificationId: id, chunk: 0 };
    const stored = (await loadPush(recorder.platform.db, id))!;
    const state = (await chunkState(recorder.platform.db, job))!;
    // A worker expanded the chunk, took the lease, and died before sending.
    await expandChunk(recorder.platform.db, job, stored, state, {
      owner: 'lease_dead',
      until: new Date(Date.now() - 1000).toISOString(),
    });
    const restarted = await sender();
    try {
      expect(await finished(restarted, id)).toMatchObject({ devices: 40, accepted: 40 });
      expect(tokens.every((t) => fakes.rustore.script.deliveredTo(t).length === 1)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('prunes counter rows before yesterday and delivery rows of pushes finished over a week ago', async () => {
    const db = recorder.platform.db;
    const { app, id } = await recordedPush('pruned', 3);
    const now = Date.parse('2031-06-10T12:00:00Z');
    const rows = ['2031-06-08', '2031-06-09', '2031-06-10'].map((day, i) => ({
      appId: app.id,
      day,
      userId: `prune-user-${i}`,
      count: 1,
      firstNotificationId: id,
      secondNotificationId: null,
    }));
    await db.insertInto('pushQuota').values(rows).execute();
    await db
      .updateTable('notifications')
      .set({ finishedAt: new Date(now - DELIVERY_RETENTION_MS - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    await pruneOld(db, now);
    const days = await db
      .selectFrom('pushQuota')
      .select('day')
      .where('userId', 'like', 'prune-user-%')
      .execute();
    expect(days.map((d) => d.day).sort()).toEqual(['2031-06-09', '2031-06-10']);
    expect(
      await db.selectFrom('pushChunks').select('chunk').where('notificationId', '=', id).execute(),
    ).toEqual([]);
    const record = await db
      .selectFrom('notifications')
      .select('delivered')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(record.delivered).toBe(3);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
/** PostgreSQL when the run has one (the production setting), SQLite otherwise. */
const workerDialect = dialects.at(-1)!;

describe.runIf(redisUrl)(`a push worker killed with SIGKILL mid-send, on ${workerDialect} and BullMQ`, () => {
  const queueName = `push-kill-${randomBytes(6).toString('hex')}`;
  let fakes: PushFakes;
  let t: TestPlatform;
  let workerEnv: Record<string, string>;
  const workers: PlatformProcess[] = [];

  beforeAll(async () => {
    fakes = await startPushFakes();
    const shared = { ...fakes.env, REDIS_URL: redisUrl!, PUSH_QUEUE_NAME: queueName };
    // The server only records and enqueues (PUSH_WORKER defaults to off with Redis).
    t = await startTestPlatform(workerDialect, shared);
    workerEnv = {
      NODE_ENV: 'test',
      DATA_DIR: t.database.dataDir,
      ...(t.database.databaseUrl && { DATABASE_URL: t.database.databaseUrl }),
      ...shared,
      // One chunk (250 users) in flight at a time: the in-flight batch that may be sent twice.
      PUSH_CONCURRENCY: '1',
    };
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await closePlatform(t);
    await fakes.close();
    await obliterateQueue(redisUrl!, queueName);
  });

  it('a restarted worker resumes within 30 s, says so, and re-sends at most the one chunk in flight', async () => {
    const owner = await t.login('kill-owner@uni.example');
    const app = await publishedApp(t, t.platform.db, owner.auth, 'kill-org', 'alerts');
    const users = 1000;
    const tokens = await rustoreAudience(t.platform.db, app.id, 'kill', users);
    const res = await t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${await deployToken(t, owner.auth)}` },
      payload: { organizationId: 'kill-org', slug: 'alerts', title: 'Fire drill', body: 'At 11:00' },
    });
    expect(res.json()).toEqual({ ok: true, delivered: users, users });
    const id = String(res.headers.location).split('/').at(-1)!;

    // Each message takes 50 ms at the provider, so the worker is caught with a chunk half sent.
    fakes.rustore.script.delayMs = 50;
    const first = startProcess('worker', workerEnv);
    workers.push(first);
    await waitFor(async () => (fakes.rustore.script.acceptedCount >= 320 ? true : undefined), 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = Date.now();
    const beforeKill = fakes.rustore.script.acceptedCount;
    expect(beforeKill).toBeLessThan(users);

    const second = startProcess('worker', workerEnv);
    workers.push(second);
    const done = await waitFor(async () => {
      const row = await t.platform.db
        .selectFrom('notifications')
        .select(['finishedAt', 'accepted', 'devices'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.finishedAt ? row : undefined;
    }, 45_000);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(done).toMatchObject({ accepted: users, devices: users });

    const counts = tokens.map((token) => fakes.rustore.script.deliveredTo(token).length);
    expect(counts.every((n) => n >= 1)).toBe(true);
    const twice = counts.filter((n) => n > 1).length;
    expect(counts.every((n) => n <= 2)).toBe(true);
    expect(twice).toBeLessThanOrEqual(250);
    expect(second.output()).toMatch(/push (chunk )?resumed/);
  }, 90_000);
});
