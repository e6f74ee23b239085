// The delivery queue on Redis (BullMQ): servers add chunk jobs, any number of worker processes send them.
import { Queue, Worker } from 'bullmq';
import { connectBullRedis } from '../infra/redis-connection.js';
import type { Log } from '../log.js';
import type { RedisStates } from '../ratelimit/redis-states.js';
import type { DeliveryJob, DeliveryQueue, JobHandler } from './queue.js';

const JOB_NAME = 'chunk';
const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: 1000,
} as const;

/**
 * A killed worker's jobs go back to the queue once their lock has lapsed and a stalled check has seen it
 * twice: within 10 s + 2 × 5 s here (BullMQ's defaults, 30 s and 30 s, made it a minute and more). A lock is
 * renewed every 5 s while its job runs, so a busy worker keeps it.
 */
const WORKER_LOCK_MS = 10_000; // 10 s
const STALLED_CHECK_MS = 5_000; // 5 s

/** The producer side: adds jobs. A chunk id makes a job already waiting for that chunk absorb a twin. */
export function createBullQueue(
  redisUrl: string,
  name: string,
  log: Log,
  states?: RedisStates,
): DeliveryQueue {
  const connection = connectBullRedis(redisUrl, log, 'queue');
  states?.watch('push_queue', () => connection.status === 'ready');
  const queue = new Queue<DeliveryJob>(name, { connection });
  // Outages are logged once by the connection's listener; without a listener here, BullMQ would rethrow them.
  queue.on('error', (error) => {
    if (connection.status === 'ready') log.error({ err: error.message }, 'push queue error');
  });
  return {
    async add(jobs, delayMs = 0) {
      if (jobs.length === 0) return;
      await queue.addBulk(
        jobs.map((job) => ({
          name: JOB_NAME,
          data: job,
          opts: {
            ...JOB_OPTIONS,
            // Delayed re-runs get their own id so they are not absorbed by the run that asks for them.
            jobId: `${job.notificationId}-${job.chunk}${delayMs > 0 ? `-at${Date.now() + delayMs}` : ''}`,
            ...(delayMs > 0 && { delay: delayMs }),
          },
        })),
      );
    },
    idle: async () => {},
    async depth() {
      // Checked first: BullMQ would wait for a connection that is away instead of failing.
      if (connection.status !== 'ready') throw new Error(`Redis is ${connection.status}`);
      const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
      return {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        delayed: counts.delayed ?? 0,
        active: counts.active ?? 0,
      };
    },
    async close() {
      // BullMQ reads the server's version (INFO) right after the connection is ready; closing under it
      // leaves that read as an unhandled rejection, so let it finish first (1 s at most: Redis may be away).
      await Promise.race([queue.waitUntilReady().catch(() => {}), sleep(1_000)]);
      await queue.close().catch(() => {});
      connection.disconnect();
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms).unref());
}

/** The consumer side: runs `handler` for each job, `concurrency` at a time, in this process. */
export function startBullWorker(
  redisUrl: string,
  name: string,
  handler: JobHandler,
  options: { concurrency: number; requeue: DeliveryQueue; log: Log; states?: RedisStates | undefined },
): { close(): Promise<void> } {
  const { log } = options;
  const connection = connectBullRedis(redisUrl, log, 'worker');
  options.states?.watch('push_worker', () => connection.status === 'ready');
  const worker = new Worker<DeliveryJob>(
    name,
    async (job) => {
      const result = await handler(job.data);
      if (result.againInMs !== undefined)
        await options.requeue.add([job.data], Math.max(1, result.againInMs));
    },
    {
      connection,
      concurrency: options.concurrency,
      lockDuration: WORKER_LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
      maxStalledCount: 3,
    },
  );
  worker.on('failed', (job, error) =>
    log.warn({ ...(job?.data ?? {}), error: String(error) }, 'push chunk failed'),
  );
  worker.on('stalled', (jobId) =>
    log.info({ job: jobId }, 'push chunk resumed: the worker that held it stopped (back in the queue)'),
  );
  // Outages are logged once by the connection's listener; other errors each.
  worker.on('error', (error) => {
    if (connection.status === 'ready') log.error({ err: error.message }, 'push worker error');
  });
  return {
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
