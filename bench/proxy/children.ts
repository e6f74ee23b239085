// The benchmark's child processes: the origin and each target in a process of its own, stopped together.
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { testCertificates } from '../../packages/server/test/helpers/https-origin.js';
import type { Ready } from './ipc.js';

const here = import.meta.dirname;
const children: ChildProcess[] = [];

/** Starts `file` (in bench/proxy) under tsx and waits for its ready message with the port it listens on. */
export function spawnChild(
  file: string,
  env: Record<string, string>,
  execArgv = ['--conditions=source', '--import', 'tsx'],
): Promise<{ port: number; ports: number[]; process: ChildProcess }> {
  const proc = fork(resolve(here, file), [], {
    execArgv,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(proc);
  return new Promise((done, fail) => {
    proc.on(
      'message',
      (m: Ready) => m.ready && done({ port: m.port, ports: m.ports ?? [m.port], process: proc }),
    );
    proc.on('exit', (code) => fail(new Error(`${file} exited with ${code}`)));
  });
}

/** Another process to stop with the children (nginx, the fault soak). */
export function adoptChild(proc: ChildProcess): void {
  children.push(proc);
}

export function stopChildren(): void {
  for (const proc of children) proc.kill('SIGTERM');
}

/**
 * The https origin on loopback with a certificate from a CA made for this run, and the environment
 * every target needs to reach it (its port, and the CA to trust).
 */
export async function startOrigin(work: string) {
  const certs = testCertificates();
  writeFileSync(join(work, 'origin.key'), certs.key);
  writeFileSync(join(work, 'origin.pem'), certs.cert);
  const origin = await spawnChild('origin.ts', {
    BENCH_KEY_FILE: join(work, 'origin.key'),
    BENCH_CERT_FILE: join(work, 'origin.pem'),
  });
  const env = { BENCH_ORIGIN_PORT: String(origin.port), BENCH_CA_FILE: certs.caFile };
  return { ...origin, caFile: certs.caFile, env };
}
