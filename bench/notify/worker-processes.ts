// The scale-out senders of the bench: `worker` processes taking chunk jobs from BullMQ, held until all are up.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

const serverDir = resolve(import.meta.dirname, '../../packages/server');

/** Redis for the worker rows: BENCH_REDIS_URL, else TEST_REDIS_URL. */
export const benchRedisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL;

export interface HeldQueue {
  /** Environment that makes a platform enqueue to this queue (and the workers consume it). */
  env: Record<string, string>;
  /** Starts `count` worker processes and lets them take jobs once every one of them is up. */
  release(count: number, env: Record<string, string>): Promise<WorkerGroup>;
  close(): Promise<void>;
}

export interface WorkerGroup {
  /** CPU time the worker processes have used so far (from /proc: Linux only). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** A fresh, paused BullMQ queue: notify can fill it while no worker takes anything yet. */
export async function heldQueue(redisUrl: string): Promise<HeldQueue> {
  const name = `bench-push-${Date.now().toString(36)}`;
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection });
  await queue.pause();
  return {
    env: { REDIS_URL: redisUrl, PUSH_QUEUE_NAME: name },
    async release(count, env) {
      const children = Array.from({ length: count }, () =>
        startWorker({ ...env, REDIS_URL: redisUrl, PUSH_QUEUE_NAME: name }),
      );
      await Promise.all(children.map((child) => child.started));
      await queue.resume();
      return {
        cpuMs: () => children.reduce((sum, child) => sum + processCpuMs(child.process.pid!), 0),
        async stop() {
          await Promise.all(children.map((child) => child.stop()));
        },
      };
    },
    async close() {
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    },
  };
}

/** `src/notify/worker-command.ts` under node itself (not the tsx wrapper), so /proc shows its CPU. */
function startWorker(env: Record<string, string>): {
  process: ChildProcess;
  started: Promise<void>;
  stop(): Promise<void>;
} {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/notify/worker-command.ts'],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_OPTIONS: process.env.NODE_OPTIONS ?? '',
        LOG_LEVEL: 'info',
        ...env,
      },
      // The worker logs JSON lines on stderr: read for its start line, warnings passed on.
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  let output = '';
  const started = new Promise<void>((done, fail) => {
    child.stderr!.on('data', (data: Buffer) => {
      const text = data.toString();
      output += text;
      if (output.includes('push worker started')) done();
      if (/"level":"(warn|error)"/.test(text)) process.stderr.write(text);
    });
    void exited.then(() => fail(new Error(`worker exited before it started:\n${output}`)));
  });
  return {
    process: child,
    started,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function processCpuMs(pid: number): number {
  try {
    // utime and stime are fields 14 and 15, after the parenthesized command name, in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
