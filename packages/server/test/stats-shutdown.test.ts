// SIGTERM on a real server process: usage counted just before the signal is in the database once the process has exited.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { originEnv, PROXY } from './helpers/proxy-apps.js';
import { startServerProcess } from './helpers/server-process.js';

describe('usage statistics at shutdown', () => {
  let origin: HttpsOrigin;
  let dataDir: string;
  beforeAll(async () => {
    origin = await startHttpsOrigin();
    dataDir = await mkdtemp(join(tmpdir(), 'miniapps-stats-shutdown-'));
  });
  afterAll(async () => {
    await origin.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a process stopped by SIGTERM writes what it counted before it exits', async () => {
    const server = await startServerProcess({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SHUTDOWN_DELAY_MS: '0',
      ...originEnv(testCertificates().caFile),
    });
    const call = async (path: string, token?: string, body?: object) => {
      const res = await fetch(`${server.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          ...(token && { authorization: `Bearer ${token}` }),
          ...(body && { 'content-type': 'application/json' }),
        },
        ...(body && { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const login = async (email: string, roles: string[] = []) =>
      (await call('/api/v1/dev/login', undefined, { email, roles })).json.token as string;
    const owner = await login('owner@uni.example', ['moderator']);
    expect((await call('/api/v1/orgs', owner, { id: 'acme', name: 'Acme' })).status).toBe(201);
    const app = {
      slug: 'notes',
      name: 'Notes',
      sourceKind: 'remote',
      origin: `https://origin.test:${origin.port}`,
    };
    expect((await call('/api/v1/orgs/acme/apps', owner, { ...app, scopes: [] })).status).toBe(201);
    expect((await call('/api/v1/moderation/apps/acme/notes/approve', owner, {})).status).toBe(200);
    const users = await Promise.all(['a', 'b', 'c'].map((name) => login(`${name}@uni.example`)));

    // Five opens by three users, answered, and the signal at once: well inside the 1 s between flushes.
    const opens = [0, 1, 2, 0, 1].map((i) => call(`${PROXY}/acme/notes/screen/`, users[i]));
    for (const answer of await Promise.all(opens)) expect(answer.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const db = new Database(join(dataDir, 'miniapps.db'), { readonly: true });
    try {
      const counted = db
        .prepare("select coalesce(sum(value), 0) as n from app_stats_counters where metric = 'opens'")
        .get() as { n: number };
      const seen = db.prepare('select count(*) as n from app_stats_users').get() as { n: number };
      expect(counted.n).toBe(5);
      expect(seen.n).toBe(3);
    } finally {
      db.close();
    }
  });
});
