// Opens the platform's shared Redis connection (REDIS_URL) and closes it politely.
import { Redis } from 'ioredis';

/**
 * Commands fail fast instead of queueing forever while Redis is away, so a request never hangs on it.
 * Auto-pipelining sends the commands of one event-loop tick in one write: under load, many
 * requests' rate-limit calls share a round trip. BullMQ workers need `maxRetriesPerRequest: null`;
 * they take `redis.duplicate({ maxRetriesPerRequest: null })`.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
  });
}

export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
