// Fresh databases for a bench run: a SQLite file in a temporary DATA_DIR, or a new PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type BenchDialect = 'sqlite' | 'postgres';

export interface BenchDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** PostgreSQL admin URL for bench databases: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const postgresAdminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

export async function createBenchDatabase(dialect: BenchDialect): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-bench-'));
  if (dialect === 'sqlite') {
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = postgresAdminUrl!;
  const name = `miniapps_bench_${randomBytes(5).toString('hex')}`;
  await withAdmin(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      await withAdmin(admin, (client) => client.query(`drop database if exists ${name} with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
