// Push abuse: a moderator suspends an app and revokes notifications in one step; notify and the queue obey.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createPlatform } from '../src/platform.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { closePlatform, deployToken, deviceToken, grant, waitFor } from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';

describe.each(dialects)('push abuse handling on %s', (dialect) => {
  let fakes: PushFakes;

  beforeAll(async () => {
    fakes = await startPushFakes();
  });
  afterAll(() => fakes?.close());

  /** A remote app registered by `owner`, approved by a moderator, with one subscriber on Android. */
  async function approvedApp(t: TestPlatform, slug: string) {
    const owner = await t.login(`owner-${slug}@uni.example`);
    const moderator = await t.login('mod@uni.example', { moderator: true });
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: owner.auth,
      payload: { id: `org-${slug}`, name: 'Org' },
    });
    const created = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/org-${slug}/apps`,
      headers: owner.auth,
      payload: {
        slug,
        name: 'Loud',
        sourceKind: 'remote',
        origin: `https://${slug}.example.org`,
        scopes: ['notifications'],
      },
    });
    expect(created.statusCode).toBe(201);
    const approved = await t.request({
      method: 'POST',
      url: `/api/v1/moderation/apps/org-${slug}/${slug}/approve`,
      headers: moderator.auth,
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    const fan = await t.login(`fan-${slug}@uni.example`);
    const token = deviceToken('android', 1, slug.replace(/-/g, ''));
    await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: fan.auth,
      payload: { platform: 'android', token },
    });
    const appId = (
      await t.platform.db.selectFrom('apps').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
    ).id;
    await grant(t.platform.db, appId, [fan.user.id], ['notifications']);
    const notify = async (payload: object = {}) =>
      t.request({
        method: 'POST',
        url: '/functions/v1/miniapp-notify',
        headers: { authorization: `Bearer ${await deployToken(t, owner.auth)}` },
        payload: { organizationId: `org-${slug}`, slug, title: 'Buy now', body: 'Limited offer', ...payload },
      });
    const moderate = (decision: 'suspend' | 'unsuspend', payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/v1/moderation/apps/org-${slug}/${slug}/${decision}`,
        headers: moderator.auth,
        payload,
      });
    return { owner, moderator, appId, token, notify, moderate };
  }

  describe('through the moderation API', () => {
    let t: TestPlatform;
    beforeAll(async () => {
      t = await startTestPlatform(dialect, fakes.env);
    });
    afterAll(() => closePlatform(t));

    it('suspend with revokeNotifications: notify is `suspended`, then `notifications_not_declared` after unsuspend', async () => {
      const { notify, moderate, appId } = await approvedApp(t, 'loud');
      expect((await notify()).json()).toEqual({ ok: true, delivered: 1, users: 1 });

      expect((await moderate('suspend', { reason: 'Push spam', revokeNotifications: true })).statusCode).toBe(
        200,
      );
      const suspended = await notify();
      expect(suspended.statusCode).toBe(422);
      expect(suspended.json().error).toBe('suspended');

      expect((await moderate('unsuspend', {})).statusCode).toBe(200);
      const undeclared = await notify();
      expect(undeclared.statusCode).toBe(422);
      expect(undeclared.json().error).toBe('notifications_not_declared');
      const consent = await t.platform.db
        .selectFrom('consents')
        .select('scopes')
        .where('appId', '=', appId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(consent.scopes)).not.toContain('notifications');
    });

    it('a suspension without revoking keeps the scope: notify works again after unsuspend', async () => {
      const { notify, moderate } = await approvedApp(t, 'paused');
      await moderate('suspend', { reason: 'Checking a report' });
      expect((await notify()).json().error).toBe('suspended');
      await moderate('unsuspend', {});
      expect((await notify()).json()).toEqual({ ok: true, delivered: 1, users: 1 });
    });
  });

  it('pushes still queued when the app is suspended are dropped, not sent', async () => {
    // A platform that records pushes but does not send (PUSH_WORKER=off), then a sender on the same database.
    const recorder = await startTestPlatform(dialect, { ...fakes.env, PUSH_WORKER: 'off' });
    const { notify, moderate, token } = await approvedApp(recorder, 'queued');
    expect((await notify()).json()).toEqual({ ok: true, delivered: 1, users: 1 });
    await moderate('suspend', { reason: 'Push spam', revokeNotifications: true });

    const sender = await createPlatform(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: recorder.database.dataDir,
        ...(recorder.database.databaseUrl && { DATABASE_URL: recorder.database.databaseUrl }),
        ...fakes.env,
      }),
    );
    try {
      const record = await waitFor(async () => {
        const row = await sender.db.selectFrom('notifications').selectAll().executeTakeFirstOrThrow();
        return row.finishedAt ? row : undefined;
      });
      expect(record).toMatchObject({ devices: 1, accepted: 0, failed: 1, tokensRemoved: 0 });
      expect(fakes.fcm.script.attempts.get(token)).toBeUndefined();
    } finally {
      await sender.close();
      await closePlatform(recorder);
    }
  });
});
