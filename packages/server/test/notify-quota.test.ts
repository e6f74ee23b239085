// The push quota under time and concurrency: the UTC day boundary, and parallel calls across two server processes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification, type NewNotification } from '../src/notify/create-notification.js';
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
} from './helpers/push-fakes/audience.js';
import { type PlatformProcess, startServer } from './helpers/push-fakes/processes.js';

/** A RuStore configuration that is never called: these platforms record pushes and do not send them. */
const recordOnly = {
  PUSH_WORKER: 'off',
  RUSTORE_PROJECT_ID: 'quota-test',
  RUSTORE_SERVICE_TOKEN: 'never-used',
  RUSTORE_BASE_URL: 'http://127.0.0.1:9',
};

describe.each(dialects)('push quota on %s', (dialect) => {
  let t: TestPlatform;
  let owner: { authorization: string };

  beforeAll(async () => {
    t = await startTestPlatform(dialect, recordOnly);
    owner = (await t.login('quota-owner@uni.example')).auth;
  });
  afterAll(() => closePlatform(t));

  it('counts pushes per UTC calendar day: the last millisecond of a day and the first of the next differ', async () => {
    const app = await publishedApp(t, t.platform.db, owner, 'quota', 'midnight');
    const [user] = await insertUsers(t.platform.db, 'midnight', 1);
    await insertDevices(t.platform.db, [
      { userId: user!, platform: 'rustore', token: deviceToken('rustore', 1, 'midnight') },
    ]);
    await grant(t.platform.db, app.id, [user!]);
    const push = (title: string): NewNotification => ({
      appId: app.id,
      title,
      body: 'b',
      page: null,
      sentTitle: title,
      link: 'miniapps://open/quota/midnight',
      idempotencyKey: null,
      requestHash: title,
      tokenId: 'tok_test',
      platforms: ['rustore'],
    });
    const lastMs = new Date('2031-03-10T23:59:59.999Z');
    const delivered = async (title: string, at: Date) => {
      const result = await createNotification(t.platform.db, push(title), at);
      return result.answer.delivered;
    };
    expect(await delivered('one', lastMs)).toBe(1);
    expect(await delivered('two', lastMs)).toBe(1);
    expect(await delivered('three', lastMs)).toBe(0);
    expect(await delivered('next day', new Date('2031-03-11T00:00:00.000Z'))).toBe(1);
  });

  describe('two server processes sharing the database', () => {
    const servers: PlatformProcess[] = [];
    let urls: string[] = [];

    beforeAll(async () => {
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: t.database.dataDir,
        ...(t.database.databaseUrl && { DATABASE_URL: t.database.databaseUrl }),
        ...recordOnly,
      };
      const started = await Promise.all([startServer(env), startServer(env)]);
      servers.push(...started);
      urls = started.map((s) => s.url);
    }, 90_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
    });

    it('10 parallel notify calls, split between them, give each user at most 2 pushes', async () => {
      const app = await publishedApp(t, t.platform.db, owner, 'quota', 'parallel');
      const users = await insertUsers(t.platform.db, 'parallel', 50);
      await insertDevices(
        t.platform.db,
        users.flatMap((userId, i) => [
          { userId, platform: 'rustore' as const, token: deviceToken('rustore', i, 'parallelA') },
          { userId, platform: 'rustore' as const, token: deviceToken('rustore', i, 'parallelB') },
        ]),
      );
      await grant(t.platform.db, app.id, users);
      const token = await deployToken(t, owner);

      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const res = await fetch(`${urls[i % 2]}/functions/v1/miniapp-notify`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              organizationId: 'quota',
              slug: 'parallel',
              title: `Push ${i}`,
              body: 'b',
            }),
          });
          expect(res.status).toBe(200);
          return (await res.json()) as { delivered: number; users: number };
        }),
      );
      expect(answers.every((a) => a.users === 50)).toBe(true);
      expect(answers.reduce((sum, a) => sum + a.delivered, 0)).toBe(2 * 50);

      const charged = await sql<{ count: number; first: string; second: string | null }>`
        select count, first_notification_id as first, second_notification_id as second
        from push_quota where app_id = ${app.id}`.execute(t.platform.db);
      expect(charged.rows).toHaveLength(50);
      expect(charged.rows.every((row) => Number(row.count) === 2 && row.second !== null)).toBe(true);
      const chunks = await t.platform.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.sum<number>('delivered').as('delivered'))
        .where('appId', '=', app.id)
        .executeTakeFirstOrThrow();
      expect(Number(chunks.delivered)).toBe(100);
    });
  });
});
