// Usage statistics over real traffic through the proxy: exact opens and users of today, flushed within 5 s, two nodes adding up, shutdown, the API's range rules.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createPlatform, type Platform } from '../src/platform.js';
import { utcDay } from '../src/stats/usage-buffer.js';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const DAY_MS = 86_400_000;
const screen = (title: string) => ({ type: 'screen', title, children: [{ type: 'text', text: title }] });

describe.each(dialects)('usage statistics on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let dev: SignedIn;
  let outsider: SignedIn;
  let users: SignedIn[];
  let remoteId: string;

  beforeAll(async () => {
    const certs = testCertificates();
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, originEnv(certs.caFile));
    dev = await t.login('dev@uni.example');
    outsider = await t.login('outsider@uni.example');
    users = [];
    for (let i = 0; i < 3; i++) users.push(await t.login(`user${i}@uni.example`));
    remoteId = await remoteApp(t, dev, {
      org: 'acme',
      slug: 'notes',
      origin: `https://origin.test:${origin.port}`,
    });
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'menu',
      live: [
        { path: '/', json: screen('Home') },
        { path: '/dishes', json: screen('Dishes') },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const proxy = (app: FastifyInstance, who: SignedIn, path: string, method = 'GET') =>
    app.inject({ method: method as 'GET', url: `${PROXY}${path}`, headers: who.auth });
  const stats = (who: SignedIn, slug: string, query = '') =>
    t.request({ method: 'GET', url: `/api/v1/orgs/acme/apps/${slug}/stats${query}`, headers: who.auth });
  const today = () => utcDay(Date.now());
  /** Today's figures as the API gives them, once `ready` holds of them (counts arrive with a flush). */
  async function todayWhen(
    slug: string,
    ready: (day: Record<string, unknown>) => boolean,
    timeoutMs = 8_000,
  ) {
    const started = Date.now();
    for (;;) {
      const res = await stats(dev, slug, `?from=${today()}&to=${today()}`);
      expect(res.statusCode).toBe(200);
      const day = res.json().days[0];
      if (ready(day)) return { day, ms: Date.now() - started };
      if (Date.now() - started > timeoutMs) return { day, ms: Date.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('statistics for today show the exact opens and distinct users of a remote app, within 5 s', async () => {
    // 3 users open the app 2, 3 and 4 times (9 opens), each views another screen once, and calls its API.
    for (const [i, user] of users.entries()) {
      for (let n = 0; n < i + 2; n++)
        expect((await proxy(t.app, user, '/acme/notes/screen/')).statusCode).toBe(200);
      expect((await proxy(t.app, user, '/acme/notes/screen/lists/today')).statusCode).toBe(200);
      expect((await proxy(t.app, user, '/acme/notes/api/items', 'POST')).statusCode).toBe(200);
    }
    expect((await proxy(t.app, users[0]!, '/acme/notes/api/status/404')).statusCode).toBe(404);
    expect((await proxy(t.app, users[0]!, '/acme/notes/api/redirect')).statusCode).toBe(502);
    expect((await proxy(t.app, users[1]!, '/acme/notes/screen/html')).statusCode).toBe(502);

    const { day, ms } = await todayWhen(
      'notes',
      // Every figure arrives with some flush: wait for the last request's error too, not only the opens.
      (d) =>
        d.opens === 9 &&
        d.users === 3 &&
        d.screenViews === 12 &&
        (d.proxyErrors as Record<string, number>).origin_invalid_json === 1,
    );
    expect(ms).toBeLessThan(5_000);
    expect(day).toMatchObject({
      day: today(),
      opens: 9,
      users: 3,
      screenViews: 12,
      apiCalls: { '2xx': 3, '3xx': 0, '4xx': 1, '5xx': 1 },
      proxyErrors: { origin_redirect: 1, origin_invalid_json: 1 },
      pushes: { sent: 0, delivered: 0, failed: 0 },
    });
    expect(day.latencyMs.p50).toBeGreaterThan(0);
    expect(day.latencyMs.p95).toBeGreaterThanOrEqual(day.latencyMs.p50);
    // The users are stored under their pseudonymous ids, never the real ones.
    const stored = await t.platform.db
      .selectFrom('appStatsUsers')
      .select('appUserId')
      .where('appId', '=', remoteId)
      .execute();
    expect(stored).toHaveLength(3);
    for (const user of users) expect(stored.map((s) => s.appUserId)).not.toContain(user.user.id);
  });

  it('a hosted app is counted the same way; previews are not usage', async () => {
    await proxy(t.app, users[0]!, '/acme/menu/screen/');
    await proxy(t.app, users[0]!, '/acme/menu/screen/dishes');
    await proxy(t.app, users[1]!, '/acme/menu/screen');
    await proxy(t.app, users[1]!, '/acme/menu/screen/none'); // 404 not_found
    await t.request({
      method: 'GET',
      url: `${PROXY}/acme/menu/screen/`,
      headers: { ...dev.auth, 'x-miniapps-preview': '1' },
    });
    const { day } = await todayWhen(
      'menu',
      (d) =>
        d.opens === 2 &&
        d.users === 2 &&
        d.screenViews === 3 &&
        (d.proxyErrors as Record<string, number>).not_found === 1,
    );
    expect(day).toMatchObject({ opens: 2, users: 2, screenViews: 3, proxyErrors: { not_found: 1 } });
  });

  it('a screen revalidated from the user’s cache (304) is an open and a view too', async () => {
    await hostedApp(t, dev, { org: 'acme', slug: 'cafe', live: [{ path: '/', json: screen('Cafe') }] });
    const first = await proxy(t.app, users[2]!, '/acme/cafe/screen/');
    const again = await t.request({
      method: 'GET',
      url: `${PROXY}/acme/cafe/screen/`,
      headers: { ...users[2]!.auth, 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const { day } = await todayWhen('cafe', (d) => d.opens === 2);
    expect(day).toMatchObject({ opens: 2, users: 1, screenViews: 2 });
  });

  it('every day of the range is listed, zeros where nothing happened', async () => {
    const from = utcDay(Date.now() - 2 * DAY_MS);
    const res = await stats(dev, 'notes', `?from=${from}&to=${today()}`);
    expect(res.statusCode).toBe(200);
    const days = res.json().days;
    expect(days.map((d: { day: string }) => d.day)).toEqual([from, utcDay(Date.now() - DAY_MS), today()]);
    expect(days[0]).toEqual({
      day: from,
      opens: 0,
      users: 0,
      screenViews: 0,
      apiCalls: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
      proxyErrors: {},
      latencyMs: null,
      pushes: { sent: 0, delivered: 0, failed: 0 },
    });
  });

  it('pushes sent, delivered and failed come from the day’s notifications', async () => {
    const at = new Date();
    for (const [id, devices, accepted, failed] of [
      ['ntf_stats_a', 5, 4, 1],
      ['ntf_stats_b', 3, 1, 2],
    ] as const) {
      await t.platform.db
        .insertInto('notifications')
        .values({
          id,
          appId: remoteId,
          title: 'T',
          body: 'B',
          page: null,
          users: devices,
          delivered: devices,
          accepted,
          failed,
          tokensRemoved: 0,
          idempotencyKey: null,
          response: '{}',
          tokenId: null,
          devices,
          chunks: 0,
          chunksDone: 0,
          createdAt: at.toISOString(),
        })
        .execute();
    }
    const res = await stats(dev, 'notes', `?from=${today()}&to=${today()}`);
    expect(res.json().days[0].pushes).toEqual({ sent: 8, delivered: 5, failed: 3 });
  });

  describe('the range', () => {
    const range = (from: string, to: string) => stats(dev, 'notes', `?from=${from}&to=${to}`);
    const dayOffset = (days: number) => utcDay(Date.now() + days * DAY_MS);

    it('400 days are answered, 401 are bad_request', async () => {
      const ok = await range(dayOffset(-399), today());
      expect(ok.statusCode).toBe(200);
      expect(ok.json().days).toHaveLength(400);
      const tooLong = await range(dayOffset(-400), today());
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ ok: false, error: 'bad_request' });
      expect(tooLong.json().message).toContain('400');
    });

    it('a date that is not a calendar date, or from after to, is bad_request', async () => {
      for (const [from, to] of [
        ['2026-02-30', '2026-03-01'],
        ['2026-1-01', '2026-01-02'],
        ['yesterday', '2026-01-02'],
        ['2026-01-03', '2026-01-02'],
      ]) {
        const res = await range(from!, to!);
        expect(res.statusCode, `${from}..${to}`).toBe(400);
        expect(res.json().error).toBe('bad_request');
      }
      const one = await range('2026-01-02', '2026-01-02');
      expect(one.json().days).toHaveLength(1);
    });

    it('without a range, the last 30 days up to today', async () => {
      const res = await stats(dev, 'notes');
      expect(res.json()).toMatchObject({ from: dayOffset(-29), to: today() });
      expect(res.json().days).toHaveLength(30);
    });
  });

  it('only members of the app’s organization see its statistics', async () => {
    const res = await stats(outsider, 'notes');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('org_not_found');
    const anonymous = await t.request({ method: 'GET', url: '/api/v1/orgs/acme/apps/notes/stats' });
    expect(anonymous.statusCode).toBe(401);
    expect((await stats(dev, 'nothing')).statusCode).toBe(404);
  });

  it('two nodes on one database add up exactly, and a user seen by both counts once', async () => {
    await remoteApp(t, dev, { org: 'acme', slug: 'twin', origin: `https://origin.test:${origin.port}` });
    const second = await secondNode(t);
    try {
      for (let round = 0; round < 5; round++) {
        for (const user of users) {
          await proxy(t.app, user, '/acme/twin/screen/');
          await proxy(second.app, user, '/acme/twin/screen/');
        }
      }
      const { day } = await todayWhen('twin', (d) => d.opens === 30 && d.users === 3);
      expect(day).toMatchObject({ opens: 30, users: 3, screenViews: 30 });
    } finally {
      await second.close();
    }
  });

  it('a node that shuts down writes what it counted before its next flush', async () => {
    await remoteApp(t, dev, { org: 'acme', slug: 'brief', origin: `https://origin.test:${origin.port}` });
    const node = await secondNode(t);
    for (const user of users) await proxy(node.app, user, '/acme/brief/screen/');
    // Closed at once: the 1 s flush has not come yet, the close writes them.
    await node.close();
    const res = await stats(dev, 'brief', `?from=${today()}&to=${today()}`);
    expect(res.json().days[0]).toMatchObject({ opens: 3, users: 3 });
  });

  it('a flush the database refuses keeps its counts for the next one', async () => {
    const outageId = await remoteApp(t, dev, {
      org: 'acme',
      slug: 'outage',
      origin: `https://origin.test:${origin.port}`,
    });
    const node = await secondNode(t);
    try {
      // The counters' table is away (as in an outage): flushes fail and keep what they hold.
      await sql`alter table app_stats_counters rename to app_stats_counters_away`.execute(
        t.platform.database.db,
      );
      try {
        for (const user of users) await proxy(node.app, user, '/acme/outage/screen/');
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        // Two flushes came and failed: nothing of this app reached the table.
        const written = await sql<{
          n: number;
        }>`select count(*) as n from app_stats_counters_away where app_id = ${outageId}`.execute(
          t.platform.database.db,
        );
        expect(Number(written.rows[0]!.n)).toBe(0);
        for (const user of users) await proxy(node.app, user, '/acme/outage/screen/');
      } finally {
        await sql`alter table app_stats_counters_away rename to app_stats_counters`.execute(
          t.platform.database.db,
        );
      }
      const { day } = await todayWhen('outage', (d) => d.opens === 6);
      expect(day).toMatchObject({ opens: 6, users: 3 });
    } finally {
      await node.close();
    }
  });
});

/** A second platform process's worth of parts on the same database (same DATA_DIR, same DATABASE_URL). */
async function secondNode(
  t: TestPlatform,
): Promise<{ app: FastifyInstance; platform: Platform; close(): Promise<void> }> {
  const platform = await createPlatform(t.config);
  const app = await buildApp(platform);
  await app.ready();
  return {
    app,
    platform,
    async close() {
      await app.close();
      await platform.close();
    },
  };
}
