// Starts the real entry point (src/main.ts) as a child process and finds the address it listens on.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const serverDir = resolve(import.meta.dirname, '../..');
const tsx = resolve(serverDir, '../../node_modules/.bin/tsx');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Runs the platform the way `npm start` does, with only the given environment (plus PATH). */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  const child = spawn(tsx, ['--conditions=source', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match?.[1]) return { url: match[1], child, stop };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`server did not start:\n${output}`);
}
