import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { sessionIdOf } from '../src/sessions/store.js';
import { CookieBrowser, throughLoginForm } from './helpers/cookie-browser.js';
import { dialects } from './helpers/databases.js';
import { moderatorStudent, type TestIdp } from './helpers/oidc-provider.js';
import {
  redisReady,
  type SecondNode,
  sharedRedisEnv,
  startSecondNode,
  type TestPlatform,
} from './helpers/platform.js';
import { startSignInPlatform } from './helpers/sign-in-platform.js';

const redisUrl = process.env.TEST_REDIS_URL;
const SESSION = 'miniapps_session';
const HOUR = 3_600_000;

describe.skipIf(!redisUrl).each(dialects)('browser sessions in Redis on %s', (dialect) => {
  let idp: TestIdp;
  let a: TestPlatform;
  let b: SecondNode;
  let base: string;
  let prefix: string;
  let redis: Redis;
  let clock: ManualClock;

  beforeAll(async () => {
    let env: Record<string, string>;
    ({
      idp,
      t: a,
      base,
      env,
    } = await startSignInPlatform(dialect, {
      users: [moderatorStudent()],
      env: () => sharedRedisEnv(redisUrl!, 'sessions'),
    }));
    prefix = a.config.proxy.rateLimitPrefix;
    // B shares A's database, key file and Redis, as a second server process behind the same address would.
    b = await startSecondNode(a, env);
    await redisReady(b.platform);
    clock = new ManualClock(Date.now());
    a.platform.clock = clock;
    b.platform.clock = clock;
    redis = new Redis(redisUrl!);
  }, 30_000);
  afterAll(async () => {
    await b?.app.close();
    await b?.platform.close();
    await a?.close();
    await idp?.close();
    redis?.disconnect();
  });

  const onNode = (node: { app: FastifyInstance }, cookie: string, url = '/auth/session') =>
    node.app.inject({ method: 'GET', url, headers: { cookie: `${SESSION}=${cookie}` } });
  const keyOf = (cookie: string) => `${prefix}session:${sessionIdOf(cookie)}`;

  it('keeps one session for both nodes: signed in on A, used and signed out on B, refused on A', async () => {
    const cookie = (await signIn(base)).cookie;
    const onA = await onNode(a, cookie);
    const onB = await onNode(b, cookie);
    expect(onB.statusCode).toBe(200);
    expect(onB.json().user.id).toBe(onA.json().user.id);
    expect(onB.json().csrfToken).toBe(onA.json().csrfToken);

    const out = await b.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: `${SESSION}=${cookie}`, 'x-csrf-token': onB.json().csrfToken },
    });
    expect(out.statusCode).toBe(200);
    const refused = await onNode(a, cookie, '/api/v1/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/session has ended/);
    expect(await redis.exists(keyOf(cookie))).toBe(0);
  });

  it('keeps the cookie hashed and the IdP tokens sealed in Redis', async () => {
    const cookie = (await signIn(base)).cookie;
    const keys = await redis.keys(`${prefix}session:*`);
    expect(keys.some((key) => key.includes(cookie))).toBe(false);
    const hash = await redis.hgetall(keyOf(cookie));
    expect(hash.id).toBe(sessionIdOf(cookie));
    expect(hash.refreshTokenEnc).toBeTruthy();
    // Sealed: no JWT (the ID token) in the clear.
    expect(hash.idTokenEnc).not.toMatch(/^eyJ/);
    expect(Object.values(hash).join(' ')).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  it('refreshes once when both nodes see the refresh time at once', async () => {
    const cookie = (await signIn(base)).cookie;
    clock.advance(HOUR + 100_000);
    const before = idp.tokenRequests();
    const found = await Promise.all([a, b, a, b].map((node) => node.platform.webSessions!.resolve(cookie)));
    expect(found.map((f) => f.ok)).toEqual([true, true, true, true]);
    expect(idp.tokenRequests() - before).toBe(1);
    // The rotated refresh token is the one kept, whichever node refreshes next.
    clock.advance(HOUR + 100_000);
    expect((await onNode(b, cookie)).statusCode).toBe(200);
    clock.advance(HOUR + 100_000);
    expect((await onNode(a, cookie)).statusCode).toBe(200);
  });

  it("sets the key's TTL to the earlier of the idle end and the absolute end, moving it when touched", async () => {
    const cookie = (await signIn(base)).cookie;
    const idle = 8 * HOUR;
    expect(await redis.pttl(keyOf(cookie))).toBeGreaterThan(idle - 5_000);
    expect(await redis.pttl(keyOf(cookie))).toBeLessThanOrEqual(idle);
    // Used every 7 hours: each use moves the idle end (and the TTL) 8 hours on, until 7 days after sign-in.
    for (let hours = 7; hours <= 161; hours += 7) {
      clock.advance(7 * HOUR);
      expect((await onNode(hours % 2 ? a : b, cookie)).statusCode).toBe(200);
      if (hours === 7) expect(await redis.pttl(keyOf(cookie))).toBeGreaterThan(idle - 5_000);
    }
    // 161 h in: the absolute end (168 h) comes before the idle end (169 h).
    const left = await redis.pttl(keyOf(cookie));
    expect(left).toBeGreaterThan(7 * HOUR - 5_000);
    expect(left).toBeLessThanOrEqual(7 * HOUR);
  });

  // Last: it leaves B without Redis.
  it('answers 503 while Redis is away, and keeps the session for when it is back', async () => {
    const cookie = (await signIn(base)).cookie;
    b.platform.redis!.disconnect();
    const away = await onNode(b, cookie, '/api/v1/me');
    expect(away.statusCode).toBe(503);
    expect(away.json()).toMatchObject({
      ok: false,
      error: 'unavailable',
      message: expect.stringMatching(/Sessions/),
    });
    expect(away.headers['retry-after']).toBe('5');
    expect((await onNode(a, cookie)).statusCode).toBe(200);
  });
});

describe.skipIf(!redisUrl)('a Redis session at its idle limit', () => {
  let idp: TestIdp;
  let t: TestPlatform;
  let base: string;

  beforeAll(async () => {
    ({ idp, t, base } = await startSignInPlatform('sqlite', {
      users: [moderatorStudent()],
      env: () => ({ ...sharedRedisEnv(redisUrl!, 'sessions'), SESSION_IDLE_TIMEOUT: '2s' }),
    }));
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('is gone from Redis when its TTL runs out at the idle end (real time, 2 s)', async () => {
    const { browser, cookie } = await signIn(base);
    const key = `${t.config.proxy.rateLimitPrefix}session:${sessionIdOf(cookie)}`;
    const pttl = await t.platform.redis!.pttl(key);
    expect(pttl).toBeGreaterThan(1_000);
    expect(pttl).toBeLessThanOrEqual(2_000);
    expect((await browser.request(`${base}/auth/session`)).status).toBe(200);
    await sleep(pttl + 50);
    expect(await t.platform.redis!.exists(key)).toBe(0);
    const ended = await browser.request(`${base}/auth/session`);
    expect(ended.status).toBe(401);
  });
});

/** Ivanova signs in through the IdP's login form; her browser and its session cookie. */
async function signIn(base: string): Promise<{ browser: CookieBrowser; cookie: string }> {
  const browser = new CookieBrowser();
  const callback = await throughLoginForm(browser, `${base}/auth/login`, `${base}/auth/callback`, 'ivanova');
  expect((await browser.request(callback)).status).toBe(303);
  return { browser, cookie: browser.cookie(base, SESSION)! };
}
