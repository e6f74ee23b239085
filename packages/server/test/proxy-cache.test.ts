// The proxy's in-process caches never serve state older than the last write: suspensions, consents and secrets apply at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { DeleteQueryNode, InsertQueryNode, RawNode, sql, TableNode, UpdateQueryNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createContextCache, STALE_IF_UNAVAILABLE_MS } from '../src/proxy/context/context-cache.js';
import type { ContextRow } from '../src/proxy/context/request-context.js';
import { unchangedElsewhere, WriteCounter } from '../src/proxy/context/write-counter.js';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

describe('the context cache', () => {
  const key = { org: 'o', slug: 's', userId: 'u' };
  const row = (n: number) => ({ id: `row-${n}` }) as unknown as ContextRow;

  it('reuses an entry while no write happened and its time has not run out', async () => {
    const writes = new WriteCounter();
    let loads = 0;
    const cached = createContextCache(writes, async () => row(++loads), { ttlMs: 60_000, maxEntries: 10 });
    expect(await cached.get(key)).toEqual(row(1));
    expect(await cached.get(key)).toEqual(row(1));
    expect(await cached.get({ ...key, userId: 'other' })).toEqual(row(2));
    expect(loads).toBe(2);
  });

  it('answers a fresh entry without waiting, and nothing once a write made it old', async () => {
    const writes = new WriteCounter();
    const cached = createContextCache(writes, async () => row(1), { ttlMs: 60_000, maxEntries: 10 });
    expect(cached.fresh(key)).toBeUndefined();
    await cached.get(key);
    expect(cached.fresh(key)).toEqual(row(1));
    writes.transformQuery({ node: { kind: 'InsertQueryNode' } as never, queryId: { queryId: 'w' } });
    expect(cached.fresh(key)).toBeUndefined();
  });

  it('any write moves the count and makes every entry old', async () => {
    const writes = new WriteCounter();
    let loads = 0;
    const cached = createContextCache(writes, async () => row(++loads), { ttlMs: 60_000, maxEntries: 10 });
    await cached.get(key);
    writes.transformQuery({ node: { kind: 'UpdateQueryNode' } as never, queryId: { queryId: 'w' } });
    expect(await cached.get(key)).toEqual(row(2));
    // A select is not a write.
    writes.transformQuery({ node: { kind: 'SelectQueryNode' } as never, queryId: { queryId: 'r' } });
    expect(await cached.get(key)).toEqual(row(2));
  });

  it('a write that lands while a read is under way leaves that read uncached', async () => {
    const writes = new WriteCounter();
    let loads = 0;
    const cached = createContextCache(
      writes,
      async () => {
        loads++;
        if (loads === 1)
          writes.transformQuery({ node: { kind: 'DeleteQueryNode' } as never, queryId: { queryId: 'w' } });
        return row(loads);
      },
      { ttlMs: 60_000, maxEntries: 10 },
    );
    await cached.get(key);
    expect(await cached.get(key)).toEqual(row(2));
    expect(await cached.get(key)).toEqual(row(2));
  });

  it('entries expire after their time even without writes', async () => {
    const writes = new WriteCounter();
    let loads = 0;
    const cached = createContextCache(writes, async () => row(++loads), { ttlMs: 20, maxEntries: 10 });
    await cached.get(key);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cached.get(key)).toEqual(row(2));
  });

  it('an entry whose time is up is kept unread when nothing changed elsewhere, and read again when something did', async () => {
    const writes = new WriteCounter();
    let loads = 0;
    let unchanged = true;
    const renew = () => {
      if (!unchanged) writes.bump();
      return unchanged;
    };
    const cached = createContextCache(writes, async () => row(++loads), { ttlMs: 20, maxEntries: 10, renew });
    await cached.get(key);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cached.fresh(key)).toEqual(row(1));
    unchanged = false;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cached.fresh(key)).toBeUndefined();
    expect(await cached.get(key)).toEqual(row(2));
    expect(loads).toBe(2);
  });

  it("SQLite's data version: another connection's commit is seen, this connection's own writes are not", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'miniapps-data-version-'));
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir });
    try {
      await sql`create table notes (id integer primary key)`.execute(database.db);
      const writes = new WriteCounter();
      const unchanged = unchangedElsewhere(writes, database.dataVersion!);
      await sql`insert into notes (id) values (1)`.execute(database.db);
      expect(unchanged()).toBe(true);
      expect(writes.count).toBe(0);
      const other = new SQLite(join(dir, 'miniapps.db'));
      other.prepare('insert into notes (id) values (2)').run();
      other.close();
      expect(unchanged()).toBe(false);
      expect(writes.count).toBe(1);
      expect(unchanged()).toBe(true);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const writes = new WriteCounter();
    const seen: string[] = [];
    const cached = createContextCache(
      writes,
      async (k) => {
        seen.push(k.userId);
        return row(seen.length);
      },
      { ttlMs: 60_000, maxEntries: 2 },
    );
    for (const userId of ['a', 'b', 'c', 'a']) await cached.get({ ...key, userId });
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });

  it('stands in for a database that does not answer up to STALE_IF_UNAVAILABLE_MS past its term, not one ms more', async () => {
    let now = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const outage = new Error('database down');
      let failure: Error | undefined;
      const cached = createContextCache(
        new WriteCounter(),
        async () => {
          if (failure) throw failure;
          return row(1);
        },
        { ttlMs: 1_000, maxEntries: 10, staleIfError: (error) => error === outage },
      );
      expect(await cached.get(key)).toEqual(row(1));
      failure = outage;
      // The entry's term ends at 2000: just inside the window it is served, at its end the outage shows.
      now = 2_000 + STALE_IF_UNAVAILABLE_MS - 1;
      expect(await cached.get(key)).toEqual(row(1));
      now = 2_000 + STALE_IF_UNAVAILABLE_MS;
      await expect(cached.get(key)).rejects.toBe(outage);
      // Any other failure is never hidden, and a key never loaded has nothing to stand in.
      now = 2_001;
      failure = new Error('a bug');
      await expect(cached.get(key)).rejects.toBe(failure);
      failure = outage;
      await expect(cached.get({ ...key, userId: 'new' })).rejects.toBe(outage);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('the write counter with the tables the caches read', () => {
  const write = (counter: WriteCounter, node: unknown) =>
    counter.transformQuery({ node: node as never, queryId: { queryId: String(Math.random()) } });

  it('counts writes to those tables in any spelling, and nothing for other tables', () => {
    const counter = new WriteCounter(['users', 'signingSecrets']);
    write(counter, InsertQueryNode.create(TableNode.create('push_deliveries')));
    write(counter, UpdateQueryNode.create([TableNode.create('audit_log')]));
    write(counter, DeleteQueryNode.create([TableNode.create('push_quota')]));
    expect(counter.count).toBe(0);
    write(counter, InsertQueryNode.create(TableNode.create('signing_secrets')));
    expect(counter.count).toBe(1);
    write(counter, UpdateQueryNode.create([TableNode.create('users')]));
    expect(counter.count).toBe(2);
    write(counter, DeleteQueryNode.create([TableNode.create('signingSecrets')]));
    expect(counter.count).toBe(3);
  });

  it('counts any statement whose tables it cannot tell', () => {
    const counter = new WriteCounter(['users']);
    write(counter, RawNode.createWithSql('delete from users'));
    write(counter, { kind: 'UpdateQueryNode' });
    expect(counter.count).toBe(2);
    // A raw select (a row lock) or setting reads; raw writes name their table first.
    write(counter, RawNode.createWithSql('select id from users where id = 1 for update'));
    write(counter, RawNode.createWithSql("set local work_mem = '64MB'"));
    write(counter, RawNode.createWithSql('insert into push_deliveries (id) select id from users'));
    write(counter, RawNode.createWithSql('update push_quota set count = 2'));
    expect(counter.count).toBe(2);
    write(counter, RawNode.createWithSql('insert into users (id) values (1)'));
    write(counter, RawNode.createWithSql('with x as (delete from users returning id) select * from x'));
    write(counter, RawNode.createWithSql('select 1; delete from users'));
    expect(counter.count).toBe(5);
  });
});

describe.each(dialects)('cached proxy state on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let dev: SignedIn;
  let user: SignedIn;
  let appId: string;

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
    dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example', { fullName: 'Old Name' });
    appId = await remoteApp(t, dev, {
      org: 'acme',
      slug: 'live',
      origin: `https://origin.test:${origin.port}`,
      scopes: ['profile'],
    });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const get = () => t.request({ method: 'GET', url: `${PROXY}/acme/live/screen/`, headers: user.auth });

  it('writes to other tables (a device registered) leave the cached contexts in place; a consent does not', async () => {
    expect((await get()).statusCode).toBe(200);
    const before = t.platform.writes.count;
    const device = await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: user.auth,
      payload: { platform: 'android', token: 'fcm-token-for-the-cache-test', clientApp: 'edu.example.host' },
    });
    expect(device.statusCode).toBeLessThan(300);
    expect(t.platform.writes.count).toBe(before);
    await t.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/live/consent',
      headers: user.auth,
      payload: { scopes: ['profile'] },
    });
    expect(t.platform.writes.count).toBeGreaterThan(before);
  });

  it('a suspension applies to the very next request, and so does the unsuspension', async () => {
    expect((await get()).statusCode).toBe(200);
    await t.platform.db.updateTable('apps').set({ status: 'suspended' }).where('id', '=', appId).execute();
    expect((await get()).statusCode).toBe(403);
    await t.platform.db.updateTable('apps').set({ status: 'published' }).where('id', '=', appId).execute();
    expect((await get()).statusCode).toBe(200);
  });

  it('a profile change reaches the origin on the next request', async () => {
    await t.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/live/consent',
      headers: user.auth,
      payload: { scopes: ['profile'] },
    });
    await get();
    await t.login('user@uni.example', { fullName: 'New Name' });
    await get();
    const name = String(origin.requests.at(-1)!.headers['x-platform-name']);
    expect(Buffer.from(name, 'base64').toString('utf8')).toBe('New Name');
  });

  it('an origin change approved by moderation is used at once', async () => {
    await t.platform.db
      .updateTable('apps')
      .set({ liveOrigin: `https://head.origin.test:${origin.port}` })
      .where('id', '=', appId)
      .execute();
    await get();
    expect(origin.requests.at(-1)!.headers.host).toBe(`head.origin.test:${origin.port}`);
  });
});
