// The developer's origin as a command `miniapps dev --origin` runs: PORT set, its output passed through, stopped with the CLI.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface OriginProcess {
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code when the command ends (by itself or by stop). */
  exited: Promise<number>;
  stop(): Promise<void>;
}

/** A free loopback port, for the command's PORT. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `command` through the shell (as npm scripts are) with PORT and HOST set, its standard output and error
 * written through `write`, in a process group of its own so that stop ends whatever it started (npm, tsx, node).
 */
export async function startOriginProcess(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  write: (text: string) => void,
): Promise<OriginProcess> {
  const port = await freePort();
  const child = spawn(command, {
    shell: true,
    cwd,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  child.stdout?.on('data', (chunk: Buffer) => write(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => write(chunk.toString()));
  const exited = new Promise<number>((resolve) => {
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // gone already
    }
  };
  return {
    port,
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signal('SIGTERM');
      const ended = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
      if (!ended) signal('SIGKILL');
    },
  };
}

/** Resolves once something accepts connections on 127.0.0.1:`port`, or false when `gone` settles first or time runs out. */
export async function waitForPort(
  port: number,
  gone: Promise<unknown>,
  timeoutMs = 60_000,
): Promise<boolean> {
  let ended = false;
  void gone.then(() => {
    ended = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (!ended && Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await sleep(200);
  }
  return false;
}
