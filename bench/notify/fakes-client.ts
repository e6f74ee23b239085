// The bench's handle on the fakes process: its environment, accepted counts, reset and close.
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';

export interface FakesHandle {
  env: Record<string, string>;
  accepted(): Promise<Record<string, number>>;
  /** CPU time the fakes process has used so far. */
  cpuMs(): Promise<number>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakesProcess(): Promise<FakesHandle> {
  const child: ChildProcess = fork(resolve(import.meta.dirname, 'fakes-process.ts'), {
    // A bench run under --cpu-prof profiles the fakes too (their own file in the same directory).
    execArgv: [
      '--conditions=source',
      '--import',
      'tsx',
      ...process.execArgv.filter((arg) => arg.startsWith('--cpu-prof')),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((done) => {
      const listener = (message: { type: string } & T) => {
        if (message.type !== type) return;
        child.off('message', listener);
        done(message);
      };
      child.on('message', listener);
    });
  const { env } = await next<{ env: Record<string, string> }>('env');
  return {
    env,
    async accepted() {
      const reply = next<{ accepted: Record<string, number> }>('stats');
      child.send({ type: 'stats' });
      return (await reply).accepted;
    },
    async cpuMs() {
      const reply = next<{ cpuMs: number }>('stats');
      child.send({ type: 'stats' });
      return (await reply).cpuMs;
    },
    async reset() {
      const reply = next('reset');
      child.send({ type: 'reset' });
      await reply;
    },
    async close() {
      const exited = new Promise((done) => child.on('exit', done));
      child.send({ type: 'close' });
      await exited;
    },
  };
}
