// Test state for pushes: a published app, a deploy token, subscribed users and their devices.
// Publication and consent are written directly (as the moderation and consent APIs would leave them),
// set-based, so the same helpers seed 10 users for a test and a million for the bench.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../src/db/database.js';
import type { AppRow, ScopeName } from '../../../src/db/schema.js';
import type { DevicePlatform } from '../../../src/devices/rules.js';
import { nowIso } from '../../../src/ids.js';
import type { SignedIn, TestPlatform } from '../platform.js';

export interface Requester {
  request(options: {
    method: 'POST' | 'GET';
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }): Promise<{ statusCode: number; json(): unknown; body: string }>;
}

/** Creates the organization (if new) and a hosted app through the API, then marks it approved and live. */
export async function publishedApp(
  t: Requester,
  db: Db,
  owner: { authorization: string },
  org: string,
  slug: string,
  options: { name?: string; scopes?: ScopeName[]; liveScopes?: ScopeName[] } = {},
): Promise<AppRow> {
  const name = options.name ?? `App ${slug}`;
  const scopes = options.scopes ?? ['identity', 'notifications'];
  await t.request({ method: 'POST', url: '/api/v1/orgs', headers: owner, payload: { id: org, name: org } });
  const created = await t.request({
    method: 'POST',
    url: `/api/v1/orgs/${org}/apps`,
    headers: owner,
    payload: { slug, name, sourceKind: 'hosted', scopes },
  });
  if (created.statusCode !== 201) throw new Error(`app create failed: ${created.body}`);
  return db
    .updateTable('apps')
    .set({
      status: 'published',
      version: 1,
      liveVersion: 1,
      liveName: name,
      liveStartPath: '/',
      liveScopes: JSON.stringify(options.liveScopes ?? scopes),
    })
    .where('organizationId', '=', org)
    .where('slug', '=', slug)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deployToken(t: Requester, owner: { authorization: string }): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: owner,
    payload: { name: 'ci' },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`token create failed: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** Inserts `count` users named `<prefix>-<n>@…` and returns their ids, in order. */
export async function insertUsers(db: Db, prefix: string, count: number): Promise<string[]> {
  const now = nowIso();
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let i = 0; i < ids.length; i += 5000) {
    await db
      .insertInto('users')
      .values(
        ids.slice(i, i + 5000).map((id, j) => ({
          id,
          email: `${prefix}-${i + j}@uni.example`,
          roles: '[]',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
  return ids;
}

/** Grants the app these scopes for each user (what the consent screen stores). */
export async function grant(
  db: Db,
  appId: string,
  userIds: readonly string[],
  scopes: ScopeName[] = ['notifications'],
): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < userIds.length; i += 5000) {
    await db
      .insertInto('consents')
      .values(
        userIds.slice(i, i + 5000).map((userId) => ({
          userId,
          appId,
          scopes: JSON.stringify(scopes),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflict((oc) => oc.columns(['userId', 'appId']).doUpdateSet({ scopes: JSON.stringify(scopes) }))
      .execute();
  }
}

export interface SeedDevice {
  userId: string;
  platform: DevicePlatform;
  token: string;
}

export async function insertDevices(db: Db, devices: readonly SeedDevice[]): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < devices.length; i += 5000) {
    await db
      .insertInto('devices')
      .values(
        devices.slice(i, i + 5000).map((d) => ({
          id: `dev_seed_${d.platform}_${d.token}`,
          ...d,
          clientApp: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
}

/**
 * `count` users (`insertUsers`) with one RuStore device each, who granted the app notifications; returns
 * their device tokens, in user order (salted with `salt`).
 */
export async function rustoreAudience(
  db: Db,
  appId: string,
  prefix: string,
  count: number,
  salt = prefix,
): Promise<string[]> {
  const ids = await insertUsers(db, prefix, count);
  const tokens = ids.map((_, i) => deviceToken('rustore', i, salt));
  await insertDevices(
    db,
    ids.map((userId, i) => ({ userId, platform: 'rustore' as const, token: tokens[i]! })),
  );
  await grant(db, appId, ids);
  return tokens;
}

/** A token the platform accepts for the platform: 64 hex for APNs, an opaque string for the others. */
export function deviceToken(platform: DevicePlatform, n: number, salt = ''): string {
  if (platform === 'ios') return `${salt}${n.toString(16)}`.padStart(64, '0').replace(/[^0-9a-f]/g, 'a');
  return `${platform}-${salt}-${String(n).padStart(12, '0')}`;
}

export async function countRows(
  db: Db,
  table: 'devices' | 'push_deliveries' | 'push_quota',
): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Closes a test platform, letting PostgreSQL connections finish closing before the database is dropped:
 * pg's Pool.end() resolves before its clients' sockets close, and `drop database … with (force)` would
 * otherwise kill a closing connection (an unhandled error in the test run).
 */
export async function closePlatform(t: {
  app: { close(): Promise<unknown> };
  platform: { close(): Promise<void> };
  database: { drop(): Promise<void> };
}): Promise<void> {
  await t.app.close();
  await t.platform.close();
  await new Promise((resolve) => setTimeout(resolve, 250));
  await t.database.drop();
}

/** Polls `check` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs a user in, registers their devices through the API and grants the app notifications. */
export async function subscribeDevices(
  t: TestPlatform,
  app: AppRow,
  name: string,
  platforms: DevicePlatform[],
): Promise<{ user: SignedIn; tokens: string[] }> {
  const user = await t.login(`${name}-${app.slug}@uni.example`);
  const tokens: string[] = [];
  for (const [i, platform] of platforms.entries()) {
    const value = deviceToken(platform, i, `${name}${app.slug}`.replace(/[^a-z0-9]/g, ''));
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: user.auth,
      payload: { platform, token: value },
    });
    if (res.statusCode !== 201) throw new Error(`device registration failed: ${res.body}`);
    tokens.push(value);
  }
  await grant(t.platform.db, app.id, [user.user.id], ['identity', 'notifications']);
  return { user, tokens };
}
