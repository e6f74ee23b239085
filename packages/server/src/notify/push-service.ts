// Push for a running platform: provider clients, the delivery queue and, unless turned off, the worker.
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { type DevicePlatform, devicePlatforms } from '../devices/rules.js';
import type { Log } from '../log.js';
import type { RedisStates } from '../ratelimit/redis-states.js';
import { createBullQueue, startBullWorker } from './bullmq-queue.js';
import { type DeliveryContext, deliverChunk } from './deliver-chunk.js';
import { startMaintenance } from './maintenance.js';
import { retryThroughOutage } from './outage-retry.js';
import { handOver, startOutboxDrain } from './outbox.js';
import { closeProviders, createProviders, platformsOf } from './providers/index.js';
import { createPushCounter, registerQueueDepth } from './push-metrics.js';
import {
  type DeliveryJob,
  type DeliveryQueue,
  InProcessQueue,
  type JobHandler,
  parkedQueue,
} from './queue.js';

export interface PushService {
  /** Platforms with a configured provider: only their devices count as reachable. */
  platforms: readonly DevicePlatform[];
  enqueue(jobs: readonly DeliveryJob[]): Promise<void>;
  /**
   * Queues a recorded push's chunks once its charge has committed, in the background; a charge or queue that
   * fails leaves the push in the outbox.
   */
  fanOut(push: { id: string; chunks: Promise<number> }): void;
  /** Resolves when pending fan-outs are queued and the in-process worker has nothing left to do. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** What sends a chunk job, in the server or the worker: counted in `registry`, run again through a database outage. */
export function chunkHandler(
  ctx: Pick<DeliveryContext, 'db' | 'providers' | 'retry'> & { log: Log },
  registry: Registry,
): JobHandler {
  const counted: DeliveryContext = { ...ctx, count: createPushCounter(registry) };
  return retryThroughOutage((job) => deliverChunk(counted, job), ctx.log);
}

/**
 * Without Redis the server sends in-process. With REDIS_URL jobs go to BullMQ and a separate `worker`
 * process sends them (PUSH_WORKER=inline makes the server consume too).
 */
export function createPushService(
  config: Config,
  db: Db,
  log: Log,
  metrics: { registry: Registry; redis: RedisStates },
): PushService {
  const providers = createProviders(config.push, { devInbox: config.devLogin ? db : undefined });
  const platforms = platformsOf(providers);
  // `web-dev` is a development tool: its absence in production is no configuration to warn about.
  const missing = devicePlatforms.filter((p) => p !== 'web-dev' && !platforms.includes(p));
  if (missing.length > 0)
    log.warn({ platforms: missing }, 'push: devices of these platforms cannot be reached');
  const handler = chunkHandler({ db, providers, retry: config.push.retry, log }, metrics.registry);
  const inline = config.push.worker === 'inline';
  const closers: Array<() => Promise<void> | void> = [];

  let queue: DeliveryQueue;
  if (config.redisUrl) {
    queue = createBullQueue(config.redisUrl, config.push.queueName, log, metrics.redis);
    if (inline) {
      const worker = startBullWorker(config.redisUrl, config.push.queueName, handler, {
        concurrency: config.push.concurrency,
        requeue: queue,
        log,
        states: metrics.redis,
      });
      closers.push(() => worker.close());
    }
  } else {
    queue = inline ? new InProcessQueue(handler, config.push.concurrency, log) : parkedQueue;
  }
  // Depth is read here, by the server, from the database and the queue: a worker's /metrics need not say it too.
  registerQueueDepth(metrics.registry, db, queue);
  if (inline) closers.push(startMaintenance(db, queue, log));
  // Nodes with a queue that leads to a sender drain the outbox; one that only records (parked) leaves it to them.
  if (config.redisUrl || inline) closers.push(startOutboxDrain(db, queue, log));
  const pending = new Set<Promise<unknown>>();

  return {
    platforms,
    enqueue: (jobs) => queue.add(jobs),
    fanOut({ id, chunks }) {
      const work = chunks.then(
        (count) => (count > 0 ? handOver(db, queue, { id, chunks: count }, log) : true),
        (error: unknown) => {
          log.warn(
            { notification: id, err: (error as Error).message },
            'push answered, charge left to the outbox',
          );
          return false;
        },
      );
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
      await queue.idle();
    },
    async close() {
      while (pending.size > 0) await Promise.all(pending);
      for (const close of closers.reverse()) await close();
      await queue.close();
      await closeProviders(providers);
    },
  };
}
