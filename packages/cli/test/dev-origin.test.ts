// `miniapps dev --origin` as a real process against a real platform with no EGRESS_* setting: the example origin
// started by the CLI (or one already running), reached through the proxy under the app's .dev.test name, signed.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrigin } from '../../../examples/remote-origin/src/origin.js';
import { dialects } from '../../server/test/helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { startCli } from './helpers/cli-live.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';

const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const ORG = 'devorigin-org';
const NAME = `notes.${ORG}.dev.test`;

describe.each(dialects)('miniapps dev --origin on %s', (dialect) => {
  let t: TestPlatform;
  let env: Record<string, string>;
  let developer: SignedIn;
  let secret: string;

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.request({ method, url, headers: developer.auth, ...(payload && { payload }) });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const home = (who: SignedIn, preview = true) =>
    t.request({
      method: 'GET',
      url: `/functions/v1/miniapp-proxy/${ORG}/notes/screen/`,
      headers: { ...who.auth, ...(preview && { 'x-miniapps-preview': '1' }) },
    });

  beforeAll(async () => {
    // The platform as `npm start` runs it in development: no EGRESS_HOSTS, no allowed ranges, no extra CA.
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    env = { MINIAPPS_CONFIG: freshConfigPath(), MINIAPPS_URL: url };
    expect((await runCli(['login', '--email', 'origin-dev@uni.example'], { env })).code).toBe(0);
    developer = await t.login('origin-dev@uni.example', { fullName: 'Ada' });
    await api('POST', '/api/v1/orgs', { id: ORG, name: ORG });
    // Registered with its future public origin and approved: what a local run changes is then visible.
    await api('POST', `/api/v1/orgs/${ORG}/apps`, {
      slug: 'notes',
      name: 'Notes',
      sourceKind: 'remote',
      origin: 'https://notes.uni.example',
      scopes: ['profile'],
    });
    const moderator = await t.login('moderator@uni.example', { moderator: true });
    const approved = await t.request({
      method: 'POST',
      url: `/api/v1/moderation/apps/${ORG}/notes/approve`,
      headers: moderator.auth,
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    secret = (await api('POST', `/api/v1/orgs/${ORG}/apps/notes/signing-secret`)).secret;
  });
  afterAll(() => t?.close());

  it('runs the example origin as a command, behind the platform under the .dev.test name, signed', async () => {
    const command = `${tsx} --conditions=source examples/remote-origin/src/main.ts`;
    const cli = startCli(['dev', '--origin', command, '--org', ORG, '--slug', 'notes'], {
      ...env,
      MINIAPP_SECRET: secret,
    });
    try {
      const ready = await cli.waitForStdout(/Ctrl-C stops the proxy and your command/, 60_000);
      const printed = ready.input;
      expect(printed).toContain(`as https://${NAME}.`);
      expect(printed).toMatch(new RegExp(`name +${NAME.replaceAll('.', '\\.')} → 127\\.0\\.0\\.1:\\d+`));
      const caFile = /^ +CA +(\S+)$/m.exec(printed)![1]!;
      expect(caFile).toBe(join(dirname(env.MINIAPPS_CONFIG!), 'dev-origins', 'ca.pem'));
      expect(readFileSync(caFile, 'utf8')).toContain('-----BEGIN CERTIFICATE-----');
      expect(printed).toContain(
        `Set the origin of ${ORG}/notes to https://${NAME} (was https://notes.uni.example). A changed origin goes back to review`,
      );
      expect(printed).toContain('Users keep the approved origin https://notes.uni.example until then.');
      expect(printed).toContain(`/console/orgs/${ORG}/apps/notes`);
      // The command was started with PORT and its output passed through.
      expect(await cli.waitForStderr(/example origin on http:\/\/127\.0\.0\.1:\d+/)).toBeTruthy();

      const { app } = await api('GET', `/api/v1/orgs/${ORG}/apps/notes`);
      expect(app).toMatchObject({ origin: `https://${NAME}`, status: 'pending_review' });
      expect(app.live.origin).toBe('https://notes.uni.example');

      // A member's preview goes through the proxy to the origin, which checks the signature (401 otherwise).
      const answer = await home(developer);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().children[0]).toEqual({ type: 'heading', text: 'Hello!', level: 1 });
      // Users still get the approved origin, which does not exist: nothing of the local one reaches them.
      expect((await home(developer, false)).statusCode).not.toBe(200);
    } finally {
      cli.child.kill('SIGINT');
    }
    const ended = await cli.done;
    expect(ended.code).toBe(0);
    expect(ended.stdout).toContain('Stopped.');
    const port = Number(/example origin on http:\/\/127\.0\.0\.1:(\d+)/.exec(ended.stderr)![1]);
    // The command's shell has exited; the server it started closes its port a moment later.
    expect(await closesWithin(port, 5_000)).toBe(true);
  });

  it('forwards to an origin already running at a URL, and reuses the CA on the next run', async () => {
    const caBefore = readFileSync(join(dirname(env.MINIAPPS_CONFIG!), 'dev-origins', 'ca.pem'), 'utf8');
    const origin = await listen(createServer(createOrigin({ secret })));
    const cli = startCli(['dev', '--origin', origin.url, '--org', ORG, '--slug', 'notes', '--json'], env);
    try {
      const line = await cli.waitForStdout(/\{"event":"origin".*\}\n/);
      const event = JSON.parse(line[0]);
      expect(event).toMatchObject({
        event: 'origin',
        app: `${ORG}/notes`,
        name: NAME,
        origin: `https://${NAME}`,
        target: origin.url,
        originChanged: false,
        status: 'pending_review',
      });
      expect(readFileSync(event.caFile, 'utf8')).toBe(caBefore);
      const answer = await home(developer);
      expect(answer.statusCode, answer.body).toBe(200);
    } finally {
      cli.child.kill('SIGINT');
      await cli.done;
      await origin.close();
    }
  });

  it('refuses a hosted app, and says which app is meant when none is named', async () => {
    await api('POST', `/api/v1/orgs/${ORG}/apps`, { slug: 'guide', name: 'Guide', sourceKind: 'hosted' });
    const hosted = await runCli(['dev', '--origin', 'http://127.0.0.1:9', '--org', ORG, '--slug', 'guide'], {
      env,
    });
    expect(hosted.code).toBe(1);
    expect(hosted.stderr).toContain(`${ORG}/guide is a hosted app; --origin runs a remote app's origin.`);
    const unnamed = await runCli(['dev', '--origin', 'http://127.0.0.1:9'], { env });
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('Which app? Give --org and --slug');
    const ru = await runCli(['dev', '--origin', 'http://127.0.0.1:9', '--lang', 'ru'], { env });
    expect(ru.stderr).toContain('Какое приложение?');
    expect(existsSync(join(dirname(env.MINIAPPS_CONFIG!), 'dev-origins', `guide.${ORG}.dev.test.pem`))).toBe(
      false,
    );
  });
});

describe('miniapps dev --origin against a production platform', () => {
  it('stops with dev_origins_disabled and its hint', async () => {
    const t = await startTestPlatform('sqlite', {
      NODE_ENV: 'production',
      AUTH_JWT_SECRET: 'a'.repeat(40),
      PLATFORM_KEY: 'b'.repeat(64),
      SERVICE_ROLE_KEY: 'c'.repeat(40),
    });
    try {
      const url = await t.listen();
      const token = await t.platform.userTokens.issue!({ sub: crypto.randomUUID(), email: 'p@uni.example' });
      await t.request({
        method: 'POST',
        url: '/api/v1/orgs',
        headers: { authorization: `Bearer ${token}` },
        payload: { id: 'prod-org', name: 'prod-org' },
      });
      await t.request({
        method: 'POST',
        url: '/api/v1/orgs/prod-org/apps',
        headers: { authorization: `Bearer ${token}` },
        payload: { slug: 'notes', name: 'Notes', sourceKind: 'remote', origin: 'https://notes.uni.example' },
      });
      const env = { MINIAPPS_CONFIG: freshConfigPath(), MINIAPPS_URL: url, MINIAPPS_USER_TOKEN: token };
      const run = await runCli(
        ['dev', '--origin', 'http://127.0.0.1:9', '--org', 'prod-org', '--slug', 'notes'],
        {
          env,
        },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('(dev_origins_disabled)');
      expect(run.stderr).toContain('This platform runs in production');
    } finally {
      await t.close();
    }
  });
});

function listen(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

async function closesWithin(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (await accepts(port)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
