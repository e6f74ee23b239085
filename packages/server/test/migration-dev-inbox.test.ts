// Migration 0044 on a database with devices: they survive the platform check's change, and down gives it back.
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { nowIso } from '../src/ids.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';

describe.each(dialects)('migration 0044 (development inbox) on %s', (dialect) => {
  let test: TestDatabase | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    await test?.drop();
  });

  it('keeps every device across up and down; web-dev devices exist only while it is applied', async () => {
    test = await createTestDatabase(dialect);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    const db = database.db;
    await migrateToLatest(db);
    const now = nowIso();
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'u1@uni.example', roles: '[]', createdAt: now, updatedAt: now })
      .execute();
    const device = (id: string, platform: 'android' | 'web-dev') => ({
      id,
      userId: 'u1',
      platform,
      token: `${platform}-token-000000001`,
      clientApp: null,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('devices')
      .values([device('d1', 'android'), device('d2', 'web-dev')])
      .execute();

    const migrator = new Migrator({
      db: db.withoutPlugins(),
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    // Back to the one before 0044, whatever later migrations there are.
    const down = await migrator.migrateTo('0043_oidc_sessions');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)?.migrationName).toBe('0044_dev_inbox');
    const ids = async () =>
      (await db.selectFrom('devices').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(await ids()).toEqual(['d1']);
    await expect(db.insertInto('devices').values(device('d3', 'web-dev')).execute()).rejects.toThrow();

    expect((await migrateToLatest(db)).applied[0]).toBe('0044_dev_inbox');
    await db.insertInto('devices').values(device('d3', 'web-dev')).execute();
    expect(await ids()).toEqual(['d1', 'd3']);
    // The unique (platform, token) and the user's cascade are as before.
    await expect(
      db
        .insertInto('devices')
        .values({ ...device('d4', 'web-dev') })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await ids()).toEqual([]);
  });
});
