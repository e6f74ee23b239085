// Real platform processes for push tests and the bench: the HTTP server and the separate push worker.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

const serverDir = resolve(import.meta.dirname, '../../..');

export interface PlatformProcess {
  child: ChildProcess;
  output(): string;
  /** The exit code, whenever the process ends by itself. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** Ctrl-C as a terminal sends it: SIGINT to the whole process group (needs `ownGroup`). */
  interrupt(): void;
}

/**
 * Starts `src/main.ts` (kind `server`) or `src/notify/worker-command.ts` (kind `worker`) with only `env`.
 * It runs in node itself with tsx as a loader, as `npm start` and `npm run worker` do: under the tsx wrapper
 * a signal went through a relay that, when the child was slow to confirm it (a loaded machine), killed it.
 * `ownGroup` starts it in a process group of its own, as a shell does a foreground job, for `interrupt`.
 */
export function startProcess(
  kind: 'server' | 'worker',
  env: Record<string, string>,
  { ownGroup = false } = {},
): PlatformProcess {
  const script = kind === 'server' ? 'src/main.ts' : 'src/notify/worker-command.ts';
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    detached: ownGroup,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    interrupt() {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
    },
  };
}

/**
 * Waits for `pattern` in the process output and returns its first group. A minute by default: a server compiling its
 * sources through tsx took over 30 s to listen while three test files shared two cores with browsers.
 */
export async function waitForOutput(
  proc: PlatformProcess,
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = pattern.exec(proc.output());
    if (match) return match[1] ?? match[0];
    if (proc.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`process output never matched ${pattern}:\n${proc.output()}`);
}

/** The HTTP server as `npm start` runs it, once it listens; stopped again when it never does. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: { ownGroup?: boolean } = {},
): Promise<PlatformProcess & { url: string }> {
  const proc = startProcess('server', env, options);
  try {
    const url = await waitForOutput(proc, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, timeoutMs);
    return { ...proc, url };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}

/** Removes a test's BullMQ queue from Redis, jobs and all, so runs sharing a Redis leave nothing behind. */
export async function obliterateQueue(redisUrl: string, name: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection });
  try {
    await queue.obliterate({ force: true });
    await queue.close();
  } finally {
    connection.disconnect();
  }
}
