// The database connection survives what production throws at it: PostgreSQL dropping idle pooled connections.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
