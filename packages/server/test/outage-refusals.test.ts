// PostgreSQL up but refusing (connections not allowed, over the connection limit, backends terminated): every
// refusal is 503 `unavailable` with Retry-After, never 500, and the next request after the cause is gone succeeds.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/unavailable.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';

const adminUrl = process.env.TEST_DATABASE_URL;

describe('which database errors mean "cannot serve now"', () => {
  const failure = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('counts connection exceptions, shutdowns, start-up, too many connections and refused connections', () => {
    for (const code of ['08000', '08001', '08003', '08006', '57P01', '57P02', '57P03', '53300']) {
      expect(isDatabaseUnavailable(failure(code)), code).toBe(true);
    }
    const refused = failure('55000', 'database "d" is not currently accepting connections');
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('does not count errors of the request itself, nor 55000 for anything but refused connections', () => {
    for (const code of ['23505', '22021', '42P01', '40001', '55P03', '57014']) {
      expect(isDatabaseUnavailable(failure(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(failure('55000', 'object not in prerequisite state'))).toBe(false);
  });
});

describe.runIf(adminUrl)('PostgreSQL refusing a running platform', () => {
  const suffix = randomBytes(5).toString('hex');
  const role = `miniapps_r_${suffix}`;
  const database = `miniapps_o_${suffix}`;
  let admin: pg.Client;
  let t: TestPlatform;
  let user: SignedIn;

  const me = () => t.request({ method: 'GET', url: '/api/v1/me', headers: user.auth });

  /**
   * Ends every connection the platform holds and waits until the pool has seen them go, so the next query
   * needs a new connection (a query that meets a dying one is 503 too, but for another reason).
   */
  async function terminatePlatform() {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      database,
    ]);
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [database],
      );
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async function expectRefused(what: string) {
    const res = await me();
    expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
    expect(res.json()).toMatchObject({ ok: false, error: 'unavailable' });
    expect(res.headers['retry-after']).toBe('5');
  }

  async function expectServed(what: string) {
    const res = await me();
    expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A role of its own: the connection limits do not apply to a superuser.
    await admin.query(`create role ${role} login`);
    await admin.query(`create database ${database} owner ${role}`);
    const url = new URL(adminUrl!);
    url.username = role;
    url.pathname = `/${database}`;
    t = await startTestPlatform('postgres', { DATABASE_URL: url.toString() });
    user = await t.login('user@uni.example');
  });

  afterAll(async () => {
    await t?.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  it('answers 503 while the database does not accept connections (55000), then serves again', async () => {
    await expectServed('before');
    await admin.query(`alter database ${database} allow_connections false`);
    await terminatePlatform();
    await expectRefused('not accepting connections');
    await expectRefused('still not accepting connections');
    // The proxy's own entry answers the same (it reads the app and the user from the database).
    const proxied = await t.request({
      method: 'GET',
      url: '/functions/v1/miniapp-proxy/acme/app/screen/',
      headers: user.auth,
    });
    expect(proxied.statusCode, proxied.body).toBe(503);
    expect(proxied.json()).toMatchObject({ ok: false, error: 'unavailable' });
    expect(proxied.headers['retry-after']).toBe('5');
    await admin.query(`alter database ${database} allow_connections true`);
    await expectServed('allowed again');
  });

  it('answers 503 while the role is over its connection limit (53300), then serves again', async () => {
    await admin.query(`alter role ${role} connection limit 0`);
    await terminatePlatform();
    await expectRefused('connection limit');
    await admin.query(`alter role ${role} connection limit -1`);
    await expectServed('limit lifted');
  });

  it('answers 503 to a request whose backend is terminated mid-query (57P01), then serves again', async () => {
    await expectServed('before');
    // The request's query waits on a lock the test holds, and its backend is ended while it waits.
    const holder = new pg.Client({ connectionString: adminUrl!.replace(/\/[^/]*$/, `/${database}`) });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table users in access exclusive mode');
      const pending = me();
      await waitForLockWait();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and usename = $2 and wait_event_type = 'Lock'`,
        [database, role],
      );
      const res = await pending;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, error: 'unavailable' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    await expectServed('after');
  });

  async function waitForLockWait(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and usename = $2 and wait_event_type = 'Lock'`,
        [database, role],
      );
      if (rows[0].n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the request never waited on the lock');
  }
});
