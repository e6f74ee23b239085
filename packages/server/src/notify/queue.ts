// The delivery queue: jobs are (notification, chunk); in-process by default, BullMQ when Redis is configured.
import type { Log } from '../log.js';

export interface DeliveryJob {
  notificationId: string;
  chunk: number;
}

/** A job's wish to run again later (rows leased by another worker), or nothing. */
export type JobHandler = (job: DeliveryJob) => Promise<{ againInMs?: number }>;

export interface DeliveryQueue {
  add(jobs: readonly DeliveryJob[], delayMs?: number): Promise<void>;
  /** Resolves when nothing is queued, running or waiting on a timer (in-process only; others resolve at once). */
  idle(): Promise<void>;
  /** Chunk jobs by state, for /metrics; absent where this process holds no queue of its own. */
  depth?(): Promise<QueueDepth>;
  close(): Promise<void>;
}

export interface QueueDepth {
  waiting: number;
  delayed: number;
  active: number;
}

const JOB_ATTEMPTS = 5;
const JOB_BACKOFF_MS = 1000;

export function jobsOf(notificationId: string, chunks: number): DeliveryJob[] {
  return Array.from({ length: chunks }, (_, chunk) => ({ notificationId, chunk }));
}

/** Runs jobs in this process, `concurrency` at a time; a job that throws is retried with backoff. */
export class InProcessQueue implements DeliveryQueue {
  private readonly waiting: Array<{ job: DeliveryJob; failures: number }> = [];
  private readonly keys = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly handler: JobHandler,
    private readonly concurrency: number,
    private readonly log: Log,
  ) {}

  async add(jobs: readonly DeliveryJob[], delayMs = 0): Promise<void> {
    for (const job of jobs) this.schedule(job, 0, delayMs);
  }

  private schedule(job: DeliveryJob, failures: number, delayMs: number): void {
    if (this.closed) return;
    if (delayMs > 0) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.schedule(job, failures, 0);
      }, delayMs);
      this.timers.add(timer);
      return;
    }
    // A chunk already waiting needs no twin: the run that comes covers it.
    const key = `${job.notificationId}#${job.chunk}`;
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.waiting.push({ job, failures });
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.running < this.concurrency && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      this.keys.delete(`${next.job.notificationId}#${next.job.chunk}`);
      this.running++;
      void this.run(next.job, next.failures);
    }
    this.checkIdle();
  }

  private async run(job: DeliveryJob, failures: number): Promise<void> {
    try {
      const result = await this.handler(job);
      if (result.againInMs !== undefined) this.schedule(job, 0, Math.max(1, result.againInMs));
    } catch (error) {
      if (failures + 1 < JOB_ATTEMPTS) {
        this.log.warn({ ...job, error: String(error) }, 'push chunk failed; retrying');
        this.schedule(job, failures + 1, JOB_BACKOFF_MS * 2 ** failures);
      } else {
        this.log.error({ ...job, error: String(error) }, 'push chunk failed; left for recovery');
      }
    } finally {
      this.running--;
      this.pump();
    }
  }

  private checkIdle(): void {
    if (this.running > 0 || this.waiting.length > 0 || this.timers.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async depth(): Promise<QueueDepth> {
    return { waiting: this.waiting.length, delayed: this.timers.size, active: this.running };
  }

  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    this.keys.clear();
    // Jobs in flight finish their current attempt; what they leave queued is recovered at the next start.
    while (this.running > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    this.checkIdle();
  }
}

/** For a process that only records pushes (PUSH_WORKER=off without Redis): rows wait for a sender. */
export const parkedQueue: DeliveryQueue = {
  add: async () => {},
  idle: async () => {},
  close: async () => {},
};
