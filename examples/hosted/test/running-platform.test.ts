// Must show: `miniapps deploy examples/hosted` against a running platform, here the real entry point
// (`npm start` = tsx packages/server/src/main.ts) as its own process on a loopback port with a fresh data folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshConfigPath, REPO_ROOT, runCli } from '../../../packages/cli/test/helpers/cli-process.js';

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'examples/hosted/miniapp.json'), 'utf8'));

describe('miniapps deploy examples/hosted against `npm start`', () => {
  let server: ChildProcess;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'miniapps-running-'));
    server = spawn(
      join(REPO_ROOT, 'node_modules/.bin/tsx'),
      ['--conditions=source', 'packages/server/src/main.ts'],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          NODE_ENV: 'development',
          SHUTDOWN_DELAY_MS: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    url = await new Promise<string>((resolve, reject) => {
      let log = '';
      const onData = (chunk: Buffer) => {
        log += chunk;
        const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
        if (match) resolve(match[1]!);
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', onData);
      server.on('exit', (code) => reject(new Error(`platform exited with ${code}:\n${log}`)));
    });
  }, 60_000);
  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a developer goes from nothing to a submitted version with the CLI', async () => {
    const env = { MINIAPPS_URL: url, MINIAPPS_CONFIG: freshConfigPath() };
    expect((await runCli(['login', '--email', 'guide-dev@uni.example'], { env })).code).toBe(0);

    // Organization and app are made in the client application; here through its API with the same user token.
    const { platforms } = JSON.parse(readFileSync(env.MINIAPPS_CONFIG, 'utf8'));
    const auth = { authorization: `Bearer ${platforms[url].userToken}`, 'content-type': 'application/json' };
    const post = (path: string, body: object) =>
      fetch(`${url}/api/v1${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
    expect((await post('/orgs', { id: manifest.organizationId, name: 'Demo University' })).status).toBe(201);
    const app = { slug: manifest.slug, name: 'Campus guide', sourceKind: 'hosted' };
    expect((await post(`/orgs/${manifest.organizationId}/apps`, app)).status).toBe(201);

    expect((await runCli(['tokens', 'create', 'laptop', '--save'], { env })).code).toBe(0);
    const deploy = await runCli(['deploy', 'examples/hosted', '--submit'], { env });
    expect(deploy.stdout).toContain(
      'Deployed demo-university/campus-guide: version 1, status pending_review (6 screens',
    );
    expect(deploy.code).toBe(0);

    const view = await fetch(`${url}/api/v1/orgs/${manifest.organizationId}/apps/${manifest.slug}`, {
      headers: auth,
    });
    expect(await view.json()).toMatchObject({ ok: true, app: { version: 1, status: 'pending_review' } });
  });
});
