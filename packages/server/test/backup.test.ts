// `npm run backup` against a running platform with writes going on, restored into a new data directory.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAppUser } from '../src/proxy/steps/signing.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { originEnv, PROXY } from './helpers/proxy-apps.js';
import { type ServerProcess, startServerProcess } from './helpers/server-process.js';

const root = resolve(import.meta.dirname, '../../..');

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field in assertions
  body: any;
}

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function login(base: string, email: string, moderator = false): Promise<string> {
  const res = await call(base, 'POST', '/api/v1/dev/login', undefined, {
    email,
    ...(moderator && { roles: ['moderator'] }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

function deploy(base: string, token: string, slug: string, title: string): Promise<Answer> {
  return call(base, 'POST', '/functions/v1/miniapp-deploy', token, {
    organizationId: 'acme',
    slug,
    screens: [{ path: '/', json: { type: 'screen', title, children: [] } }],
  });
}

/** Runs `npm run backup -- <dir>` the way an operator does, and collects what it prints. */
function runBackup(
  env: Record<string, string>,
  dir: string,
): Promise<{ code: number | null; output: string }> {
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'backup', '--', dir], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((done) => child.on('exit', (code) => done({ code, output })));
}

/** The identity headers the echo origin saw for one proxied screen request. */
async function openRemote(base: string, token: string): Promise<Record<string, string>> {
  const res = await call(base, 'GET', `${PROXY}/acme/shop/screen/`, token);
  if (res.status !== 200) throw new Error(`proxy: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.headers as Record<string, string>;
}

describe('backup and restore of a running SQLite platform', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'miniapps-backup-'));
  const dataDir = join(scratch, 'data');
  const backupDir = join(scratch, 'backup');
  let origin: HttpsOrigin;
  let env: Record<string, string>;
  let live: ServerProcess;
  const started: ServerProcess[] = [];
  let owner: string;
  let user: string;
  let deployToken: string;
  let signingSecret: string;
  let appUser: string;
  let backup: { code: number | null; output: string };
  let busyBefore: number;
  let busyAfter: number;

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    // Deploys run back to back during the backup below: far more than the default 60 an hour.
    env = {
      ...originEnv(testCertificates().caFile),
      NODE_ENV: 'development',
      QUOTA_DEPLOYS_PER_APP: '100000/h',
    };
    live = await startServerProcess({ ...env, DATA_DIR: dataDir });
    started.push(live);
    const base = live.url;

    owner = await login(base, 'owner@uni.example');
    user = await login(base, 'student@uni.example');
    const moderator = await login(base, 'moderator@uni.example', true);
    expect((await call(base, 'POST', '/api/v1/orgs', owner, { id: 'acme', name: 'Acme' })).status).toBe(201);
    for (const slug of ['timetable', 'busy']) {
      const created = await call(base, 'POST', '/api/v1/orgs/acme/apps', owner, {
        slug,
        name: slug,
        sourceKind: 'hosted',
      });
      expect(created.status).toBe(201);
    }
    const token = await call(base, 'POST', '/api/v1/tokens', owner, { name: 'ci' });
    expect(token.status).toBe(201);
    deployToken = token.body.token;
    expect((await deploy(base, deployToken, 'timetable', 'first')).body.version).toBe(1);
    expect((await deploy(base, deployToken, 'timetable', 'second')).body.version).toBe(2);

    const shop = await call(base, 'POST', '/api/v1/orgs/acme/apps', owner, {
      slug: 'shop',
      name: 'Shop',
      sourceKind: 'remote',
      origin: `https://origin.test:${origin.port}`,
    });
    expect(shop.status).toBe(201);
    const approved = await call(base, 'POST', '/api/v1/moderation/apps/acme/shop/approve', moderator, {});
    expect(approved.status).toBe(200);
    const secret = await call(base, 'POST', '/api/v1/orgs/acme/apps/shop/signing-secret', owner, {});
    expect(secret.status).toBe(200);
    signingSecret = secret.body.secret;
    appUser = (await openRemote(base, user))['x-platform-app-user']!;
    expect(appUser).toMatch(/\S/);

    // Deploys keep committing from another process while the backup copies the file.
    let writing = true;
    let committed = 0;
    const writer = (async () => {
      while (writing) {
        const res = await deploy(base, deployToken, 'busy', `write ${committed + 1}`);
        if (res.status !== 200) throw new Error(`deploy during backup: ${res.status}`);
        committed = res.body.version;
      }
    })();
    while (committed < 3) await new Promise((r) => setTimeout(r, 10));
    busyBefore = committed;
    backup = await runBackup({ DATA_DIR: dataDir }, backupDir);
    busyAfter = committed;
    writing = false;
    await writer;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    await origin?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A platform on a new data directory holding the given files of the backup. */
  async function restore(name: string, files: string[]): Promise<string> {
    const dir = join(scratch, name);
    mkdirSync(dir);
    for (const file of files) copyFileSync(join(backupDir, file), join(dir, file));
    const server = await startServerProcess({ ...env, DATA_DIR: dir });
    started.push(server);
    return server.url;
  }

  it('copies while the platform writes, prints its progress and where it wrote', () => {
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backing up ${dataDir} to ${backupDir}`);
    expect(backup.output).toMatch(/copied \d+ of \d+ pages \(100 %\)/);
    expect(backup.output).toContain('integrity check: ok');
    expect(backup.output).toContain(`Backup written to ${backupDir}`);
    expect(readdirSync(backupDir).sort()).toEqual(['backup.json', 'keys.json', 'miniapps.db']);
    expect(busyAfter).toBeGreaterThan(busyBefore);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'backup.json'), 'utf8'));
    expect(manifest.files.map((f: { name: string }) => f.name)).toEqual(['miniapps.db', 'keys.json']);
    expect(manifest.lastMigration).toMatch(/^\d{4}_/);
  });

  it('restored into a new data directory: the same apps, revisions, tokens and pseudonymous ids', async () => {
    const base = await restore('restored', ['miniapps.db', 'keys.json']);

    // The user JWTs issued before still verify: the generated JWT secret came back with keys.json.
    const timetable = await call(base, 'GET', '/api/v1/orgs/acme/apps/timetable', owner);
    expect(timetable.status).toBe(200);
    expect(timetable.body.app).toMatchObject({ slug: 'timetable', version: 2 });
    const revisions = await call(base, 'GET', '/api/v1/orgs/acme/apps/timetable/revisions', owner);
    expect(revisions.body.revisions.map((r: { version: number }) => r.version).sort()).toEqual([1, 2]);
    const apps = await call(base, 'GET', '/api/v1/orgs/acme/apps/busy', owner);
    // One consistent moment between the backup's start and end.
    expect(apps.body.app.version).toBeGreaterThanOrEqual(busyBefore);
    expect(apps.body.app.version).toBeLessThanOrEqual(busyAfter);

    const tokens = await call(base, 'GET', '/api/v1/tokens', owner);
    expect(tokens.body.tokens.map((t: { name: string }) => t.name)).toEqual(['ci']);
    const again = await deploy(base, deployToken, 'timetable', 'third');
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(3);

    const headers = await openRemote(base, user);
    expect(headers['x-platform-app-user']).toBe(appUser);
    const timestamp = Number(headers['x-platform-timestamp']);
    expect(headers['x-platform-signature']).toBe(signAppUser(signingSecret, appUser, timestamp));
  });

  it('without keys.json the database alone loses sessions, the signing secret and the pseudonymous ids', async () => {
    const base = await restore('without-keys', ['miniapps.db']);
    expect((await call(base, 'GET', '/api/v1/orgs/acme/apps/timetable', owner)).status).toBe(401);
    const student = await login(base, 'student@uni.example');
    // The stored signing secret was sealed under the lost PLATFORM_KEY: the signed app cannot be served.
    expect((await call(base, 'GET', `${PROXY}/acme/shop/screen/`, student)).status).not.toBe(200);
    const newOwner = await login(base, 'owner@uni.example');
    const disabled = await call(base, 'DELETE', '/api/v1/orgs/acme/apps/shop/signing-secret', newOwner);
    expect(disabled.status).toBe(200);
    const headers = await openRemote(base, student);
    expect(headers['x-platform-app-user']).toMatch(/\S/);
    expect(headers['x-platform-app-user']).not.toBe(appUser);
  });

  it('refuses a non-empty target and a PostgreSQL configuration, pointing to the docs', async () => {
    const full = join(scratch, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'something'), 'x');
    const refused = await runBackup({ DATA_DIR: dataDir }, full);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${full} is not empty`);
    expect(readdirSync(full)).toEqual(['something']);

    const postgres = await runBackup(
      { DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' },
      join(scratch, 'pg'),
    );
    expect(postgres.code).toBe(1);
    expect(postgres.output).toContain('pg_dump');
    expect(postgres.output).toContain('docs/operations.md');
  });
});
