// Two platforms sharing one database and one Redis: a write through one reaches the other's proxy cache at once.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import {
  type SecondNode,
  type SignedIn,
  startSecondNode,
  startTestPlatform,
  type TestPlatform,
} from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Well under the one second entries lived before announcements: only an announcement explains a change this fast. */
const WITHIN_MS = 300;

describe.skipIf(!redisUrl).each(dialects)('proxy caches of two nodes on %s with Redis', (dialect) => {
  let a: TestPlatform;
  let b: SecondNode;
  let origin: HttpsOrigin;
  let dev: SignedIn;
  let user: SignedIn;
  let appId: string;
  const prefix = `test:proxy:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    const env = {
      ...originEnv(testCertificates().caFile),
      REDIS_URL: redisUrl!,
      RATE_LIMIT_PREFIX: prefix,
    };
    a = await startTestPlatform(dialect, env);
    // B shares A's database and key file, as a second server process would.
    b = await startSecondNode(a, env);
    dev = await a.login('dev@uni.example');
    user = await a.login('user@uni.example', { fullName: 'Grace Hopper' });
    appId = await remoteApp(a, dev, {
      org: 'acme',
      slug: 'shared',
      origin: `https://origin.test:${origin.port}`,
      scopes: ['profile'],
    });
    await a.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/shared/consent',
      headers: user.auth,
      payload: { scopes: ['profile'] },
    });
    for (const p of [a.platform, b.platform]) await until(() => p.writeBroadcast?.listening === true);
  }, 30_000);
  afterAll(async () => {
    await b?.app.close();
    await b?.platform.close();
    await a?.close();
    await origin?.close();
  });

  const getOnB = () =>
    b.app.inject({ method: 'GET', url: `${PROXY}/acme/shared/screen/`, headers: user.auth });
  /** B's answers until `done` holds, for at most WITHIN_MS; the last one. */
  async function nextOnB(done: (res: Awaited<ReturnType<typeof getOnB>>) => boolean) {
    const deadline = performance.now() + WITHIN_MS;
    let res = await getOnB();
    while (!done(res) && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      res = await getOnB();
    }
    return res;
  }
  const lastHeader = (name: string) => origin.requests.at(-1)!.headers[name];

  it('a suspension made through A applies on B, and so does the unsuspension', async () => {
    expect((await getOnB()).statusCode).toBe(200);
    await a.platform.db.updateTable('apps').set({ status: 'suspended' }).where('id', '=', appId).execute();
    const suspended = await nextOnB((res) => res.statusCode !== 200);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error).toBe('app_unavailable');
    await a.platform.db.updateTable('apps').set({ status: 'published' }).where('id', '=', appId).execute();
    expect((await nextOnB((res) => res.statusCode === 200)).statusCode).toBe(200);
  });

  it('a consent withdrawn through A stops the identity headers B sends', async () => {
    expect((await getOnB()).statusCode).toBe(200);
    expect(lastHeader('x-platform-name')).toBeDefined();
    const res = await a.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/shared/consent',
      headers: user.auth,
      payload: { scopes: [] },
    });
    expect(res.statusCode).toBe(200);
    await nextOnB(() => lastHeader('x-platform-name') === undefined);
    expect(lastHeader('x-platform-name')).toBeUndefined();
    expect(lastHeader('x-platform-scopes')).toBe('');
  });

  it('a signing secret made through A signs B’s next requests', async () => {
    expect((await getOnB()).statusCode).toBe(200);
    expect(lastHeader('x-platform-signature')).toBeUndefined();
    const res = await a.request({
      method: 'POST',
      url: '/api/v1/orgs/acme/apps/shared/signing-secret',
      headers: dev.auth,
    });
    expect(res.statusCode).toBe(200);
    await nextOnB(() => lastHeader('x-platform-signature') !== undefined);
    expect(lastHeader('x-platform-signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a write in a transaction that commits late reaches B through the settling announcement', async () => {
    expect((await getOnB()).statusCode).toBe(200);
    await a.platform.db.transaction().execute(async (trx) => {
      await trx.updateTable('apps').set({ status: 'suspended' }).where('id', '=', appId).execute();
      // B may reload here, before the commit, and still read the app as published.
      await getOnB();
      await new Promise((r) => setTimeout(r, 200));
    });
    const deadline = performance.now() + 2_000;
    let res = await getOnB();
    while (res.statusCode === 200 && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      res = await getOnB();
    }
    expect(res.statusCode).toBe(403);
    await a.platform.db.updateTable('apps').set({ status: 'published' }).where('id', '=', appId).execute();
  });

  it('entries outlive the old one-second limit: a write nobody announced stays unseen by B', async () => {
    // Past the settle announcements of earlier writes, however late a busy machine fires their timers.
    await quietFor(`${prefix}writes`, 1_500);
    expect((await getOnB()).statusCode).toBe(200);
    // The raw handle, without the write counter: as if a process outside the platform wrote.
    await a.platform.database.db
      .updateTable('apps')
      .set({ status: 'suspended' })
      .where('id', '=', appId)
      .execute();
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await getOnB()).statusCode).toBe(200);
    await a.platform.db.updateTable('apps').set({ status: 'published' }).where('id', '=', appId).execute();
  });
});

/** Resolves once `ms` pass with no announcement on the channel. */
async function quietFor(channel: string, ms: number): Promise<void> {
  const listener = new Redis(redisUrl!);
  try {
    let last = performance.now();
    listener.on('message', () => {
      last = performance.now();
    });
    await listener.subscribe(channel);
    while (performance.now() - last < ms) await new Promise((r) => setTimeout(r, 50));
  } finally {
    listener.disconnect();
  }
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('condition never held');
}
