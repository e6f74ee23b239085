// A throwaway redis-server on its own loopback port, for tests that kill Redis and bring it back.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Whether `redis-server` is installed here (tests that need their own skip without it). */
export const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

export interface ThrowawayRedis {
  url: string;
  /** Kills the server (SIGKILL: no goodbye to clients) and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing answers, as a hung server. */
  pause(): void;
  /** SIGCONT: it answers again, the commands sent meanwhile included. */
  resume(): void;
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const proc = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    let output = '';
    await new Promise<void>((ready, fail) => {
      proc.stdout!.on('data', (data: Buffer) => {
        output += data.toString();
        if (output.includes('Ready to accept connections')) ready();
      });
      proc.on('exit', () => fail(new Error(`redis-server exited:\n${output}`)));
    });
  }

  async function kill(): Promise<void> {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const gone = new Promise<void>((done) => proc.on('exit', () => done()));
    proc.kill('SIGKILL');
    await gone;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
