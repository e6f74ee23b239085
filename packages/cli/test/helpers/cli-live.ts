// A `miniapps` process a test talks to while it runs: waits for what it prints, interrupts it, awaits its end.
import { type ChildProcess, spawn } from 'node:child_process';
import { cliMain, REPO_ROOT } from './cli-process.js';

export interface LiveCli {
  child: ChildProcess;
  /** Resolves with the first match of `pattern` in standard error (as printed so far or later). */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** The same in standard output. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves when the process ends. */
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

export function startCli(args: readonly string[], env: Record<string, string | undefined>): LiveCli {
  const merged: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_OPTIONS: undefined,
    ...env,
  };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const child = spawn(process.execPath, [cliMain(), ...args], {
    cwd: REPO_ROOT,
    env: merged as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watchers = new Set<() => void>();
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
    for (const watch of watchers) watch();
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
    for (const watch of watchers) watch();
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  const waitFor = (text: () => string, pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const finish = (error?: Error, match?: RegExpExecArray) => {
        watchers.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(match!);
      };
      const check = () => {
        const match = pattern.exec(text());
        if (match) finish(undefined, match);
      };
      const timer = setTimeout(
        () => finish(new Error(`no ${pattern} in the output:\n${stderr}\nstdout:\n${stdout}`)),
        timeoutMs,
      );
      watchers.add(check);
      void done.then(() =>
        setTimeout(() => finish(new Error(`ended without ${pattern}:\n${stderr}\n${stdout}`)), 50),
      );
      check();
    });
  return {
    child,
    done,
    waitForStderr: (pattern, timeoutMs) => waitFor(() => stderr, pattern, timeoutMs),
    waitForStdout: (pattern, timeoutMs) => waitFor(() => stdout, pattern, timeoutMs),
  };
}
