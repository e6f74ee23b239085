// Whether each of the process's Redis connections is up, by role, read when /metrics is scraped.
import { Gauge, type Registry } from 'prom-client';

export const REDIS_CONNECTED_METRIC = 'miniapps_redis_connected';

/** Where the parts that open Redis connections say which they opened and how to tell they are up. */
export interface RedisStates {
  /** `connected` is read at each scrape; several connections of one role report 1 only when all are up. */
  watch(role: string, connected: () => boolean): void;
}

/**
 * Roles: `platform` (rate limit, write announcements), `subscriber` (other nodes' writes), `push_queue`
 * (BullMQ producer), `push_worker` (BullMQ consumer). Nothing is sampled between scrapes.
 */
export function createRedisStates(registry: Registry): RedisStates {
  const watched: Array<{ role: string; connected: () => boolean }> = [];
  new Gauge({
    name: REDIS_CONNECTED_METRIC,
    help: 'Whether the Redis connection of each role is up (1) or not (0)',
    labelNames: ['role'] as const,
    registers: [registry],
    collect() {
      const byRole = new Map<string, number>();
      for (const { role, connected } of watched)
        byRole.set(role, Math.min(byRole.get(role) ?? 1, connected() ? 1 : 0));
      for (const [role, value] of byRole) this.set({ role }, value);
    },
  });
  return { watch: (role, connected) => watched.push({ role, connected }) };
}
