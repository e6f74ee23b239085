// Opens the platform database: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteAdapter, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { PoolState } from './pool-metrics.js';
import type { DB } from './schema.js';
import { QueuedSqliteDialect } from './sqlite-dialect.js';
import { withStatementCache } from './statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

/** The SQLite database's file name under DATA_DIR. */
export const SQLITE_FILE = 'miniapps.db';
export type Db = Kysely<DB>;
/** A repository function takes either the database or a transaction first. */
export type Executor = Kysely<DB> | Transaction<DB>;

export interface Database {
  db: Db;
  dialect: Dialect;
  /** Where the data lives, without credentials (for logs and /readyz). */
  location: string;
  /**
   * SQLite only: a number that changes when another connection (another process) commits to the file,
   * and only then (`PRAGMA data_version`); this process's own writes leave it alone.
   */
  dataVersion?: () => number;
  /** Connections open and idle, and queries waiting for one (read by /metrics). */
  pool(): PoolState;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
  /** Told when PostgreSQL drops an idle pooled connection (logged; the pool recovers by itself). */
  onIdleError?: (error: Error) => void;
}

// COUNT(*) and BIGINT come back from pg as strings; our counts always fit a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A server that does not answer (down host, full pool) fails the request as 503 within 3 s instead
      // of holding it until the client gives up; a refused connection fails at once.
      connectionTimeoutMillis: 3_000,
    });
    // An idle client dropped by the server (restart, failover, idle timeout) emits 'error' on the pool;
    // unhandled, that would crash the process. The pool replaces the client on the next checkout.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection that dies while checked out (the server stopped between two statements) emits 'error' on
    // its client, where the pool listens only while it is idle: unheard, that crashes the process. The
    // statement in flight fails on its own (503 unavailable); the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    const url = new URL(options.databaseUrl);
    return {
      db,
      dialect: 'postgres',
      location: `postgres://${url.host}${url.pathname}`,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const dialect = new QueuedSqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<DB>({ dialect, plugins: [new CamelCasePlugin()] });
  const dataVersion = () => sqlite.pragma('data_version', { simple: true }) as number;
  return {
    db,
    dialect: 'sqlite',
    location: file,
    dataVersion,
    pool: () => dialect.pool(),
    close: () => db.destroy(),
  };
}

export function isSqlite(db: Executor): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * Locks one row until the transaction ends, so read-check-write sequences (token limit, version
 * numbers, quota) stay correct under concurrency. SQLite needs no lock: Kysely runs every
 * transaction on its single connection, one at a time.
 */
export async function lockRow(
  trx: Transaction<DB>,
  table: 'users' | 'apps' | 'organizations' | 'form_responses',
  id: string,
): Promise<void> {
  if (isSqlite(trx)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
