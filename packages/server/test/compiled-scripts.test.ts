// The package scripts the image and compose.yaml run (build, serve, serve:worker), run here by name on plain node.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const redisUrl = process.env.TEST_REDIS_URL;
const scratch = mkdtempSync(join(tmpdir(), 'miniapps-compiled-'));

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm run <script>` in its own process group, with only the given environment (plus PATH and HOME). */
function npmRun(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn('npm', ['run', ...args], {
    cwd: root,
    detached: true,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SHUTDOWN_DELAY_MS: '0', ...env },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function waitFor(run: Run, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = pattern.exec(run.output());
    if (match) return match;
    if (run.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${pattern} in:\n${run.output()}`);
}

/** A process and all its descendants with their command lines (Linux /proc). */
function processTree(pid: number): Array<{ pid: number; cmd: string }> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree.map((p) => {
    try {
      return { pid: p, cmd: readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ') };
    } catch {
      return { pid: p, cmd: '' };
    }
  });
}

/** The node process running `file`, started by npm for the script. */
function nodeRunning(run: Run, file: string): number {
  const found = processTree(run.child.pid!).find((p) => p.cmd.startsWith('node ') && p.cmd.includes(file));
  if (!found) throw new Error(`no node process runs ${file}`);
  return found.pid;
}

const production = {
  NODE_ENV: 'production',
  PLATFORM_KEY: 'ab'.repeat(32),
  SERVICE_ROLE_KEY: 'cd'.repeat(32),
  AUTH_JWT_SECRET: 'j'.repeat(32),
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
};

describe('the compiled platform by its package scripts', () => {
  const running: Run[] = [];
  beforeAll(async () => {
    // Only what serve needs: the publishable packages are built by their own test, and two builds of one
    // dist/ at once would race. The contract is needed: the compiled schema and server import it.
    const build = npmRun(['build', '--', '@miniapps/contract', '@miniapps/schema', '@miniapps/server']);
    const code = await build.exited;
    if (code !== 0) throw new Error(`npm run build failed:\n${build.output()}`);
  }, 180_000);
  afterAll(async () => {
    for (const run of running) if (run.child.exitCode === null) process.kill(-run.child.pid!, 'SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('npm run serve answers /readyz 200 with no TypeScript loader or esbuild running, and stops on SIGTERM', async () => {
    const serve = npmRun(['serve'], { ...production, DATA_DIR: join(scratch, 'serve') });
    running.push(serve);
    const [, url] = await waitFor(serve, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, database: 'sqlite' });
    const tree = processTree(serve.child.pid!).map((p) => p.cmd);
    expect(tree.filter((cmd) => /tsx|esbuild/.test(cmd))).toEqual([]);
    // What a container engine does to the image's command (node itself, see the Dockerfile's CMD).
    process.kill(nodeRunning(serve, 'packages/server/dist/main.js'), 'SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(serve.output()).toContain('"signal":"SIGTERM","msg":"shutting down"');
  });

  it('npm run serve:worker without REDIS_URL says it needs one and exits', async () => {
    const worker = npmRun(['serve:worker'], { ...production, DATA_DIR: join(scratch, 'lonely') });
    running.push(worker);
    expect(await worker.exited).not.toBe(0);
    expect(worker.output()).toContain('set REDIS_URL');
  });

  it.skipIf(!redisUrl)(
    'npm run serve:worker starts on Redis (its queue in the log) and stops on SIGTERM',
    async () => {
      const queue = `compiled-test-${process.pid}`;
      const worker = npmRun(['serve:worker'], {
        ...production,
        DATA_DIR: join(scratch, 'worker'),
        REDIS_URL: redisUrl!,
        PUSH_QUEUE_NAME: queue,
      });
      running.push(worker);
      await waitFor(worker, /"msg":"push worker started"/);
      expect(worker.output()).toContain(`"queue":"${queue}"`);
      // What docker stop does to compose.yaml's worker command (node itself). Under npm the script's shell
      // would take the signal and leave node running: compose.yaml runs the command without npm.
      process.kill(nodeRunning(worker, 'dist/notify/worker-command.js'), 'SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(worker.output()).toContain('"signal":"SIGTERM","msg":"push worker stopping"');

      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`bull:${queue}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  );
});
