// The database connection survives production faults (idle pooled connections dropped); which failures are "unavailable".
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/unavailable.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

describe.runIf(dialects.includes('postgres'))('PostgreSQL pool', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform('postgres');
  });
  afterAll(() => t.close());

  it('keeps serving after the server terminates its idle connections', async () => {
    // Open several pooled connections, then let them go idle.
    await Promise.all(Array.from({ length: 4 }, () => t.request({ method: 'GET', url: '/readyz' })));
    const admin = new pg.Client({ connectionString: t.database.databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200));
    // Without an 'error' listener on the pool the process would have died with an uncaught error by now.
    const res = await t.request({ method: 'GET', url: '/readyz' });
    expect(res.json()).toEqual({ ok: true, database: 'postgres' });
  });
});

describe('which database failures are 503 unavailable rather than 500', () => {
  const error = (fields: object) => Object.assign(new Error('failed'), fields);

  it('socket failures, SQLite busy, and PostgreSQL going away, starting or full', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'SQLITE_BUSY', '08000', '08006', '57P01'])
      expect(isDatabaseUnavailable(error({ code })), code).toBe(true);
    for (const code of ['57P02', '57P03', '53300'])
      expect(isDatabaseUnavailable(error({ code })), code).toBe(true);
  });

  it('not a query fault, nor a class-08 look-alike of another length, nor a neighbouring state', () => {
    for (const code of [
      '23505',
      '40P01',
      '42P01',
      '0800',
      '080000',
      '57P04',
      '57P00',
      '53200',
      'SQLITE_ERROR',
    ])
      expect(isDatabaseUnavailable(error({ code })), code).toBe(false);
    for (const value of [null, undefined, 'Connection terminated', 42, {}])
      expect(isDatabaseUnavailable(value)).toBe(false);
  });

  it("node-postgres's own messages for a dead or unobtainable connection", () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('relation "x" does not exist'))).toBe(false);
  });

  it('an AggregateError of one failure per address only when every one of them is', () => {
    const refused = error({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, error({ code: '23505' })]))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([]))).toBe(false);
  });
});
