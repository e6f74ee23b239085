// Sends survive process deaths: recorded pushes are sent by the next sender, dead workers' leases run out, old rows go.
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
  deviceToken,
  grant,
  insertDevices,
  insertUsers,
  publishedApp,
  waitFor,
} from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';

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
    const ids = await insertUsers(recorder.platform.db, slug, users);
    const tokens = ids.map((_, i) => deviceToken('rustore', i, slug.replace(/-/g, '')));
    await insertDevices(
      recorder.platform.db,
      ids.map((userId, i) => ({ userId, platform: 'rustore' as const, token: tokens[i]! })),
    );
    await grant(recorder.platform.db, app.id, ids);
    const res = await recorder.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${token}` },
      payload: { organizationId: 'recovery', slug, title: 'Recovered', body: 'Still arrives' },
    });
    expect(res.json()).toEqual({ ok: true, delivered: users, users });
    const id = String(res.headers.location).split('/').at(-1)!;
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
