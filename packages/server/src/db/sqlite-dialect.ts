// Kysely's SQLite dialect with the single connection handed to waiting queries in turn, first come first served.
import {
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import type { PoolState } from './pool-metrics.js';

/**
 * Kysely's SQLite driver guards its one connection with a lock that wakes every waiter at each
 * release (each then finds it taken again and goes back to waiting): with 32 proxied requests
 * loading their contexts at once, a query cost three times what it costs alone (bench/RESULTS.md).
 * Here the waiters queue, and a release wakes only the next. Exclusivity is unchanged: a
 * transaction keeps the connection until it ends, so no other query runs inside it.
 */
class QueuedSqliteDriver extends SqliteDriver {
  readonly #waiting: Array<() => void> = [];
  #busy = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#busy = true;
    // Uncontended now: the base lock is free whenever this queue lets a query through.
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    // The connection passes straight to the next query, still marked busy.
    if (next) next();
    else this.#busy = false;
  }

  /** The one connection, idle or not, and the queries queued for it. */
  state(): PoolState {
    return { total: 1, idle: this.#busy ? 0 : 1, waiting: this.#waiting.length };
  }
}

export class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  #driver: QueuedSqliteDriver | undefined;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    this.#driver = new QueuedSqliteDriver(this.#config);
    return this.#driver;
  }

  /** The connection's state for /metrics; before the first query, one idle connection. */
  pool(): PoolState {
    return this.#driver?.state() ?? { total: 1, idle: 1, waiting: 0 };
  }
}
