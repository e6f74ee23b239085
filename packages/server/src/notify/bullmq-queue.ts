// The delivery queue on Redis (BullMQ): servers add chunk jobs, any number of worker processes send them.
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Log } from '../log.js';
import type { DeliveryJob, DeliveryQueue, JobHandler } from './queue.js';

const JOB_NAME = 'chunk';
const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: 1000,
} as const;

/** BullMQ needs its own connections, with no per-command retry limit (it blocks on them). */
function connect(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null });
}

/** The producer side: adds jobs. A chunk id makes a job already waiting for that chunk absorb a twin. */
export function createBullQueue(redisUrl: string, name: string): DeliveryQueue {
  const connection = connect(redisUrl);
  const queue = new Queue<DeliveryJob>(name, { connection });
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
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

/** The consumer side: runs `handler` for each job, `concurrency` at a time, in this process. */
export function startBullWorker(
  redisUrl: string,
  name: string,
  handler: JobHandler,
  options: { concurrency: number; requeue: DeliveryQueue; log: Log },
): { close(): Promise<void> } {
  const connection = connect(redisUrl);
  const worker = new Worker<DeliveryJob>(
    name,
    async (job) => {
      const result = await handler(job.data);
      if (result.againInMs !== undefined)
        await options.requeue.add([job.data], Math.max(1, result.againInMs));
    },
    { connection, concurrency: options.concurrency },
  );
  worker.on('failed', (job, error) =>
    options.log.warn({ ...(job?.data ?? {}), error: String(error) }, 'push chunk failed'),
  );
  worker.on('error', (error) => options.log.error({ error: String(error) }, 'push worker error'));
  return {
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
