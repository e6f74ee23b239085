// Test databases: a fresh SQLite file, and a fresh PostgreSQL database when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

/** Every dialect this run can reach: SQLite always, PostgreSQL when CI (or you) points TEST_DATABASE_URL at one. */
export const dialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  dialect: TestDialect;
  /** Set for PostgreSQL: a database made for this test and dropped by drop(). */
  databaseUrl: string | undefined;
  /** A fresh DATA_DIR (the SQLite file and generated keys live here). */
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'miniapps-test-'));
  if (dialect === 'sqlite') {
    return {
      dialect,
      databaseUrl: undefined,
      dataDir,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `miniapps_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
