// Opens the platform's Redis connections (REDIS_URL): bounded commands, and outages told through the JSON log.
import { Redis, type RedisOptions } from 'ioredis';
import type { Log } from '../log.js';

/** Longest a command may take before it fails: a request waits at most this long on Redis. */
const REDIS_COMMAND_TIMEOUT_MS = 1_000; // 1 s

/** Reconnection attempts come 200 ms apart at first, then every 2 s at most. */
const reconnectDelay = (attempt: number): number => Math.min(attempt * 200, 2_000);

/**
 * Commands fail at once while Redis is away (`enableOfflineQueue: false`) and after a second when it does
 * not answer (`commandTimeout`), instead of queueing until it returns: callers fall back (rate limit) or
 * keep the work in the database (notify's outbox). The client reconnects by itself, every 2 s at most.
 * No ready check (INFO before 'ready'): a Redis still loading answers LOADING and callers fall back as for
 * any failure, and ioredis leaves a ready check cut by a close as an unhandled rejection when the offline
 * queue is off.
 * Auto-pipelining sends the commands of one event-loop tick in one write: under load, many requests'
 * rate-limit calls share a round trip.
 */
export function connectRedis(url: string, log: Log, role = 'platform'): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableReadyCheck: false,
    enableAutoPipelining: true,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: reconnectDelay,
  });
  watchRedis(redis, log, role);
  return redis;
}

/**
 * BullMQ's connections: a worker blocks on its commands, so they may not time out (`maxRetriesPerRequest:
 * null`, as BullMQ requires); a producer's fail at once while Redis is away.
 */
export function connectBullRedis(url: string, log: Log, role: 'queue' | 'worker'): Redis {
  const options: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null }
      : {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          enableReadyCheck: false,
          connectTimeout: 2_000,
        };
  const redis = new Redis(url, { ...options, retryStrategy: reconnectDelay });
  watchRedis(redis, log, `push ${role}`);
  return redis;
}

/**
 * An 'error' listener keeps ioredis from printing each failure to stderr; the log gets one line when a
 * connection is lost and one when it is back, not one per request or reconnection attempt.
 */
function watchRedis(redis: Redis, log: Log, role: string): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ redis: role, err: error.message }, 'redis unreachable; reconnecting');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: role }, 'redis reachable again');
  });
}

export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
