// The real entry point, started the way `npm start` does: SQLite under DATA_DIR, /healthz, keys kept; production refusals.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects } from './helpers/databases.js';

const serverDir = resolve(import.meta.dirname, '..');
const tsx = resolve(serverDir, '../../node_modules/.bin/tsx');
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGTERM');
});

function start(
  script: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(tsx, ['--conditions=source', script], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SHUTDOWN_DELAY_MS: '0', ...env },
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => output, exited };
}

async function listeningUrl(output: () => string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${output()}`);
}

// Each test spawns a real process (tsx compiles on start), slow on a loaded 2-core machine.
describe('the entry point', { timeout: 90_000 }, () => {
  it('starts on SQLite under DATA_DIR, answers /healthz, and shuts down on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-start-'));
    const server = start('src/main.ts', { DATA_DIR: dataDir, PORT: '0' });
    const url = await listeningUrl(server.output);
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ ok: true, database: 'sqlite' });
    expect(existsSync(join(dataDir, 'miniapps.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'keys.json'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it.runIf(dialects.includes('postgres'))('starts on PostgreSQL when DATABASE_URL is set', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const server = start('src/main.ts', {
        DATA_DIR: database.dataDir,
        PORT: '0',
        DATABASE_URL: database.databaseUrl!,
      });
      const url = await listeningUrl(server.output);
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ ok: true, database: 'postgres' });
      expect(existsSync(join(database.dataDir, 'miniapps.db'))).toBe(false);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it('refuses to start in production without keys, naming each missing one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-start-'));
    const server = start('src/main.ts', { DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PLATFORM_KEY is required in production');
    expect(server.output()).toContain('SERVICE_ROLE_KEY is required in production');
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dataDir, 'miniapps.db'))).toBe(false);
  });

  it('applies migrations with the migrate command', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'miniapps-migrate-'));
    const first = start('src/db/migrate-command.ts', { DATA_DIR: dataDir });
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/Applied \d+ migration\(s\) to .*miniapps\.db: 0001_foundation/);
    const second = start('src/db/migrate-command.ts', { DATA_DIR: dataDir });
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('is up to date');
  });
});
