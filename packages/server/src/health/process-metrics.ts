// The metrics every platform process exposes, the server and the push worker alike: Node's own, the pool, Redis.
import { collectDefaultMetrics, Registry } from 'prom-client';
import { type PoolState, registerPoolMetrics } from '../db/pool-metrics.js';
import { createRedisStates, type RedisStates } from '../ratelimit/redis-states.js';

/** A process's own registry; the parts that open Redis connections report them through `redis`. */
export function createProcessMetrics(pool: () => PoolState): { registry: Registry; redis: RedisStates } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerPoolMetrics(registry, pool);
  return { registry, redis: createRedisStates(registry) };
}
