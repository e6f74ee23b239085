// The database pool's state, read when /metrics is scraped: connections open and idle, and queries waiting for one.
import { Gauge, type Registry } from 'prom-client';

export const DB_CONNECTIONS_METRIC = 'miniapps_db_pool_connections';
export const DB_WAITING_METRIC = 'miniapps_db_pool_waiting';

export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * PostgreSQL: pg's pool counts (`total` and `idle` connections, queries `waiting` for one); waiting above zero
 * means the pool (10 connections) is the bottleneck. SQLite: its one connection (`total` 1, `idle` 1 or
 * 0) and the queries queued behind it, which is what the same alert means there.
 */
export function registerPoolMetrics(registry: Registry, state: () => PoolState): void {
  new Gauge({
    name: DB_CONNECTIONS_METRIC,
    help: 'Database connections held by this process, by state (total, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = state();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: DB_WAITING_METRIC,
    help: 'Queries waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(state().waiting);
    },
  });
}
