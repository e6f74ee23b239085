// POST /functions/v1/miniapp-notify: contract errors, limits at their edges, audience, quota, idempotency.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppRow } from '../src/db/schema.js';
import type { DevicePlatform } from '../src/devices/rules.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import {
  closePlatform,
  deployToken,
  deviceToken,
  grant,
  insertDevices,
  insertUsers,
  publishedApp,
  subscribeDevices,
} from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';

describe.each(dialects)('notify endpoint on %s', (dialect) => {
  let fakes: PushFakes;
  let t: TestPlatform;
  let owner: SignedIn;
  let token: string;
  let apps = 0;

  beforeAll(async () => {
    fakes = await startPushFakes();
    t = await startTestPlatform(dialect, fakes.env);
    owner = await t.login('owner@uni.example');
    token = await deployToken(t, owner.auth);
  });
  afterAll(async () => {
    if (t) await closePlatform(t);
    await fakes?.close();
  });
  beforeEach(async () => {
    // Sends a previous test left running finish before the fakes forget what they saw.
    await t.platform.push.idle();
    fakes.reset();
  });

  const notify = (payload: object, headers: Record<string, string> = {}, bearer = token) =>
    t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${bearer}`, ...headers },
      payload,
    });

  /** A new published app declaring notifications (each test gets its own quota). */
  const freshApp = (options: Parameters<typeof publishedApp>[5] = {}) =>
    publishedApp(t, t.platform.db, owner.auth, 'acme', `app-${++apps}`, { name: 'Campus News', ...options });

  const subscriber = (app: AppRow, name: string, platforms: DevicePlatform[]) =>
    subscribeDevices(t, app, name, platforms);

  const ok = (app: AppRow, extra: object = {}) => ({
    organizationId: app.organizationId,
    slug: app.slug,
    title: 'Exam moved',
    body: 'The exam is on Friday.',
    ...extra,
  });

  async function counts(app: AppRow) {
    await t.platform.push.idle();
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/acme/apps/${app.slug}/notifications`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json().notifications as Array<Record<string, number | string | null>>;
  }

  describe('errors', () => {
    it('no token, an unknown token and a revoked one are 401 invalid_token', async () => {
      const app = await freshApp();
      const revoked = await deployToken(t, owner.auth);
      const list = await t.request({ method: 'GET', url: '/api/v1/tokens', headers: owner.auth });
      const id = (list.json().tokens as Array<{ id: string }>).at(-1)!.id;
      await t.request({ method: 'DELETE', url: `/api/v1/tokens/${id}`, headers: owner.auth });
      for (const bearer of ['', 'mapp_dt_' + '0'.repeat(48), revoked]) {
        const res = await notify(ok(app), {}, bearer);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ ok: false, error: 'invalid_token' });
      }
    });

    it('a malformed body is 400 bad_request', async () => {
      for (const payload of [
        { slug: 'x', title: 't', body: 'b' },
        { organizationId: 5, slug: 'x' },
      ]) {
        const res = await notify(payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('bad_request');
      }
      const notJson = await t.request({
        method: 'POST',
        url: '/functions/v1/miniapp-notify',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"organizationId":',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().error).toBe('bad_request');
    });

    it("an unknown app, or one of an organization the token's account is not in, is 422 app_not_found", async () => {
      const stranger = await t.login('stranger@uni.example');
      const theirs = await publishedApp(t, t.platform.db, stranger.auth, 'other-org', 'theirs');
      for (const payload of [
        ok(theirs),
        { ...ok(theirs), slug: 'missing' },
        { ...ok(theirs), organizationId: 'acme', slug: 'missing' },
      ]) {
        const res = await notify(payload);
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toBe('app_not_found');
      }
    });

    it('a suspended app is 422 suspended; a never-approved one is not_published', async () => {
      const app = await freshApp();
      await t.platform.db
        .updateTable('apps')
        .set({ status: 'suspended', statusBeforeSuspend: 'published' })
        .where('id', '=', app.id)
        .execute();
      const suspended = await notify(ok(app));
      expect(suspended.statusCode).toBe(422);
      expect(suspended.json().error).toBe('suspended');

      const draft = await t.request({
        method: 'POST',
        url: '/api/v1/orgs/acme/apps',
        headers: owner.auth,
        payload: { slug: 'draft-app', name: 'Draft', sourceKind: 'hosted', scopes: ['notifications'] },
      });
      expect(draft.statusCode).toBe(201);
      const res = await notify({ ...ok(app), slug: 'draft-app' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe('not_published');
    });

    it('an app whose published version does not declare notifications is 422 notifications_not_declared', async () => {
      // Declared only in a change still waiting for review: the live scopes are what count.
      const app = await freshApp({ scopes: ['identity', 'notifications'], liveScopes: ['identity'] });
      const res = await notify(ok(app));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe('notifications_not_declared');
    });

    it('title or body missing, empty or not text is 422 bad_notification naming the field', async () => {
      const app = await freshApp();
      const cases: Array<[object, string]> = [
        [{ title: undefined }, 'title'],
        [{ title: '   ' }, 'title'],
        [{ title: 42 }, 'title'],
        [{ body: undefined }, 'body'],
        [{ body: '' }, 'body'],
        [{ title: 'line\nbreak' }, 'title'],
      ];
      for (const [change, field] of cases) {
        const res = await notify({ ...ok(app), ...change });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ error: 'bad_notification', details: { field } });
      }
    });
  });

  describe('limits at their edges (code points, not UTF-16 units)', () => {
    it('a title of 80 characters is sent; 81 is bad_notification', async () => {
      const app = await freshApp();
      const { tokens } = await subscriber(app, 'edge', ['android']);
      const eighty = '🎓'.repeat(80); // 160 UTF-16 units, 80 characters
      expect((await notify(ok(app, { title: eighty }))).statusCode).toBe(200);
      const over = await notify(ok(app, { title: `${'a'.repeat(80)}b` }));
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({
        error: 'bad_notification',
        details: { field: 'title', limit: 80, length: 81 },
      });
      await t.platform.push.idle();
      const [sent] = fakes.fcm.script.deliveredTo(tokens[0]!);
      // The name prefix comes on top of the caller's 80 characters.
      expect(
        (sent!.payload as { message: { notification: { title: string } } }).message.notification.title,
      ).toBe(`Campus News: ${eighty}`);
    });

    it('a body of 200 characters is sent; 201 is bad_notification', async () => {
      const app = await freshApp();
      expect((await notify(ok(app, { body: 'é'.repeat(200) }))).statusCode).toBe(200);
      const over = await notify(ok(app, { body: 'x'.repeat(201) }));
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({
        error: 'bad_notification',
        details: { field: 'body', limit: 200, length: 201 },
      });
    });

    it('page must be an in-app path; it reaches the device as the deep link query parameter `page`', async () => {
      const app = await freshApp();
      for (const page of ['news/1', '/a/../b', '//evil.example/x', '/%2e%2e/x', 7]) {
        const res = await notify(ok(app, { page }));
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ error: 'bad_notification', details: { field: 'page' } });
      }
      const { tokens } = await subscriber(app, 'pager', ['rustore']);
      expect((await notify(ok(app, { page: '/exams/42?tab=room' }))).statusCode).toBe(200);
      await t.platform.push.idle();
      const [sent] = fakes.rustore.script.deliveredTo(tokens[0]!);
      const link = (sent!.payload as { message: { data: { link: string } } }).message.data.link;
      expect(new URL(link).searchParams.get('page')).toBe('/exams/42?tab=room');
      expect(link.startsWith(`miniapps://open/acme/${app.slug}?`)).toBe(true);
    });
  });

  describe('audience and delivery', () => {
    it('users = those who granted notifications; delivered = those with a device; every device gets it once', async () => {
      const app = await freshApp();
      const both = await subscriber(app, 'both', ['android', 'ios']);
      const huawei = await subscriber(app, 'hua', ['huawei']);
      await subscriber(app, 'nodevice', []);
      const other = await t.login(`identity-only-${app.slug}@uni.example`);
      await t.request({
        method: 'POST',
        url: '/api/v1/me/devices',
        headers: other.auth,
        payload: { platform: 'android', token: deviceToken('android', 9, 'identityonly') },
      });
      await grant(t.platform.db, app.id, [other.user.id], ['identity']);

      const res = await notify(ok(app));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, delivered: 2, users: 3 });
      const [record] = await counts(app);
      expect(record).toMatchObject({
        users: 3,
        delivered: 2,
        devices: 3,
        accepted: 3,
        failed: 0,
        tokensRemoved: 0,
        pending: 0,
      });
      expect(fakes.fcm.script.deliveredTo(both.tokens[0]!)).toHaveLength(1);
      expect(fakes.apns.script.deliveredTo(both.tokens[1]!)).toHaveLength(1);
      expect(fakes.hms.script.deliveredTo(huawei.tokens[0]!)).toHaveLength(1);
      expect(fakes.fcm.script.deliveredTo(deviceToken('android', 9, 'identityonly'))).toHaveLength(0);
    });

    it('the third push of a UTC day to a user is skipped, silently; other apps keep their own quota', async () => {
      const app = await freshApp();
      const { tokens, user } = await subscriber(app, 'quota', ['rustore']);
      const answers = [];
      for (const n of [1, 2, 3]) answers.push((await notify(ok(app, { title: `Push ${n}` }))).json());
      expect(answers).toEqual([
        { ok: true, delivered: 1, users: 1 },
        { ok: true, delivered: 1, users: 1 },
        { ok: true, delivered: 0, users: 1 },
      ]);
      await t.platform.push.idle();
      const titles = fakes.rustore.script
        .deliveredTo(tokens[0]!)
        .map(
          (d) => (d.payload as { message: { notification: { title: string } } }).message.notification.title,
        );
      // Which pushes arrive, not in what order: two pushes' chunks are delivered concurrently.
      expect(titles.sort()).toEqual(['Campus News: Push 1', 'Campus News: Push 2']);

      const second = await freshApp();
      await grant(t.platform.db, second.id, [user.user.id]);
      expect((await notify(ok(second))).json()).toEqual({ ok: true, delivered: 1, users: 1 });
    });

    it('a push to 1,000 users is cut into chunks of 250 users; every device gets it exactly once', async () => {
      const app = await freshApp();
      const users = await insertUsers(t.platform.db, `chunked-${app.slug}`, 1000);
      const devices = users.flatMap((userId, i) => [
        { userId, platform: 'rustore' as const, token: deviceToken('rustore', i, `chunk${app.slug}`) },
        { userId, platform: 'huawei' as const, token: deviceToken('huawei', i, `chunk${app.slug}`) },
      ]);
      await insertDevices(t.platform.db, devices);
      await grant(t.platform.db, app.id, users);
      expect((await notify(ok(app))).json()).toEqual({ ok: true, delivered: 1000, users: 1000 });
      const [record] = await counts(app);
      expect(record).toMatchObject({ devices: 2000, accepted: 2000, failed: 0, pending: 0 });
      const chunks = await t.platform.db
        .selectFrom('pushChunks')
        .select(['chunk', 'done'])
        .where('notificationId', '=', String(record!.id))
        .execute();
      expect(chunks.map((c) => [c.chunk, c.done])).toEqual([0, 1, 2, 3].map((c) => [c, 1]));
      expect(fakes.rustore.script.acceptedCount).toBe(1000);
      expect(new Set(fakes.rustore.script.delivered.map((d) => d.token)).size).toBe(1000);
      expect(fakes.hms.script.acceptedCount).toBe(1000);
    });

    it('10 parallel notify calls give each user at most 2 pushes', async () => {
      const app = await freshApp();
      const subs = await Promise.all(
        ['p1', 'p2', 'p3', 'p4'].map((n, i) =>
          subscriber(app, n, [(['android', 'ios', 'huawei', 'rustore'] as const)[i]!]),
        ),
      );
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => notify(ok(app, { title: `Parallel ${i}` }))),
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      const delivered = answers.map((r) => r.json().delivered as number);
      expect(delivered.reduce((a, b) => a + b, 0)).toBe(2 * subs.length);
      await t.platform.push.idle();
      const all = [fakes.fcm, fakes.apns, fakes.hms, fakes.rustore];
      for (const { tokens } of subs) {
        const got = all.reduce((sum, fake) => sum + fake.script.deliveredTo(tokens[0]!).length, 0);
        expect(got).toBe(2);
      }
    });
  });

  describe('providers telling us about tokens', () => {
    it("a dead token is removed from the user's devices and counted", async () => {
      const app = await freshApp();
      const { user, tokens } = await subscriber(app, 'dead', ['android', 'ios']);
      fakes.fcm.script.forever(tokens[0]!, 'unregistered');
      expect((await notify(ok(app))).json()).toEqual({ ok: true, delivered: 1, users: 1 });
      const [record] = await counts(app);
      expect(record).toMatchObject({ devices: 2, accepted: 1, failed: 1, tokensRemoved: 1, pending: 0 });
      expect(record?.finishedAt).not.toBeNull();
      const devices = await t.request({ method: 'GET', url: '/api/v1/me/devices', headers: user.auth });
      expect(devices.json().devices.map((d: { platform: string }) => d.platform)).toEqual(['ios']);
    });

    it('an auth or configuration error keeps the token', async () => {
      const app = await freshApp();
      const { user, tokens } = await subscriber(app, 'config', ['android']);
      fakes.fcm.script.next(tokens[0]!, 'sender_id_mismatch');
      await notify(ok(app));
      const [record] = await counts(app);
      expect(record).toMatchObject({ accepted: 0, failed: 1, tokensRemoved: 0 });
      const devices = await t.request({ method: 'GET', url: '/api/v1/me/devices', headers: user.auth });
      expect(devices.json().devices).toHaveLength(1);
    });

    it('a transient failure is retried with backoff and delivered exactly once', async () => {
      const app = await freshApp();
      const { tokens } = await subscriber(app, 'flaky', ['rustore', 'ios']);
      fakes.rustore.script.next(tokens[0]!, 'unavailable', 'internal');
      fakes.apns.script.next(tokens[1]!, 'too_many');
      await notify(ok(app));
      const [record] = await counts(app);
      expect(record).toMatchObject({ devices: 2, accepted: 2, failed: 0, pending: 0 });
      expect(fakes.rustore.script.attempts.get(tokens[0]!)).toBe(3);
      expect(fakes.rustore.script.deliveredTo(tokens[0]!)).toHaveLength(1);
      expect(fakes.apns.script.attempts.get(tokens[1]!)).toBe(2);
      expect(fakes.apns.script.deliveredTo(tokens[1]!)).toHaveLength(1);
    });

    it('a failure that outlasts every attempt ends as failed, the token kept', async () => {
      const app = await freshApp();
      const { tokens } = await subscriber(app, 'down', ['huawei']);
      fakes.hms.script.forever(tokens[0]!, 'unavailable');
      await notify(ok(app));
      const [record] = await counts(app);
      expect(record).toMatchObject({ accepted: 0, failed: 1, tokensRemoved: 0, pending: 0 });
      expect(fakes.hms.script.attempts.get(tokens[0]!)).toBe(5);
    });
  });

  describe('Idempotency-Key', () => {
    it('a repeated key returns the first answer and charges no quota', async () => {
      const app = await freshApp();
      const { tokens } = await subscriber(app, 'idem', ['android']);
      const first = await notify(ok(app), { 'idempotency-key': 'deploy-42' });
      const again = await notify(ok(app), { 'idempotency-key': 'deploy-42' });
      expect(first.json()).toEqual({ ok: true, delivered: 1, users: 1 });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers.location).toBe(first.headers.location);
      // The quota still has room for a second, different push today.
      expect((await notify(ok(app, { title: 'Second' }))).json()).toEqual({
        ok: true,
        delivered: 1,
        users: 1,
      });
      await t.platform.push.idle();
      expect(fakes.fcm.script.deliveredTo(tokens[0]!)).toHaveLength(2);
      expect(await counts(app)).toHaveLength(2);
    });

    it('parallel requests with one key make one notification', async () => {
      const app = await freshApp();
      await subscriber(app, 'idempar', ['rustore']);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => notify(ok(app), { 'idempotency-key': 'same' })),
      );
      expect(new Set(answers.map((r) => r.body))).toEqual(
        new Set([JSON.stringify({ ok: true, delivered: 1, users: 1 })]),
      );
      expect(await counts(app)).toHaveLength(1);
    });

    it('the same key with a different notification is 409 conflict; a malformed key is 400', async () => {
      const app = await freshApp();
      expect((await notify(ok(app), { 'idempotency-key': 'k1' })).statusCode).toBe(200);
      const clash = await notify(ok(app, { body: 'Something else' }), { 'idempotency-key': 'k1' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error).toBe('conflict');
      const bad = await notify(ok(app), { 'idempotency-key': 'has space' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('bad_request');
    });
  });

  describe('per-notification counts', () => {
    it('org members read them; others get 404', async () => {
      const app = await freshApp();
      const res = await notify(ok(app));
      const location = res.headers.location as string;
      const one = await t.request({ method: 'GET', url: location, headers: owner.auth });
      expect(one.statusCode).toBe(200);
      expect(one.json().notification).toMatchObject({
        title: 'Exam moved',
        sentTitle: 'Campus News: Exam moved',
        users: 0,
        delivered: 0,
      });
      const stranger = await t.login('nosy@uni.example');
      const hidden = await t.request({ method: 'GET', url: location, headers: stranger.auth });
      expect(hidden.statusCode).toBe(404);
    });
  });
});
