// Moderation: the state machine, the live version users keep seeing, the queue's diff and the audit log.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  type Developer,
  deploy,
  hostedSuite,
  screen,
  screens,
  storedScreens,
} from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { TestPlatform } from './helpers/platform.js';

describe.each(dialects)('moderation on %s', (dialect) => {
  const suite = hostedSuite(dialect);
  const { decide } = suite;
  let t: TestPlatform;
  let dev: Developer;
  beforeAll(() => {
    ({ t, dev } = suite);
  });

  const submit = (slug: string, items: unknown, submitIt = true) =>
    deploy(t, dev.token, { organizationId: dev.org, slug, screens: items, submit: submitIt });
  const appView = async (slug: string) =>
    (
      await t.request({ method: 'GET', url: `/api/v1/orgs/${dev.org}/apps/${slug}`, headers: dev.who.auth })
    ).json().app;
  const catalogEntry = async (slug: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/catalog/${dev.org}/${slug}`,
      headers: dev.who.auth,
    });
    return res.statusCode === 200 ? res.json().app : null;
  };

  it('keeps the live version visible while a new one waits for review, and switches on approval', async () => {
    await createApp(t, dev, 'live');
    await submit('live', [screen('/', 'first')]);
    const approved = await decide('live', 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().app).toMatchObject({ status: 'published', version: 1, liveVersion: 1 });

    const second = await submit('live', [screen('/', 'second')]);
    expect(second.json()).toMatchObject({ version: 2, status: 'pending_review' });
    expect(await appView('live')).toMatchObject({ status: 'pending_review', version: 2, liveVersion: 1 });
    expect(await catalogEntry('live')).toMatchObject({ version: 1 });
    const during = await storedScreens(t, dev.org, 'live');
    const liveRow = during.rows.find((row) => row.version === during.app.liveVersion && row.path === '/');
    expect(JSON.parse(liveRow!.json).title).toBe('first');
    expect(during.rows.map((row) => row.version)).toEqual([1, 2]);

    // A draft on top changes nothing for users either.
    await submit('live', [screen('/', 'third')], false);
    expect(await catalogEntry('live')).toMatchObject({ version: 1 });

    await submit('live', [screen('/', 'fourth')]);
    await decide('live', 'approve');
    const after = await storedScreens(t, dev.org, 'live');
    expect(after.app).toMatchObject({ version: 4, liveVersion: 4, status: 'published' });
    expect(after.rows.map((row) => [row.version, JSON.parse(row.json).title])).toEqual([[4, 'fourth']]);
    expect(await catalogEntry('live')).toMatchObject({ version: 4 });
  });

  it('rejects with a reason the developer sees, and a new submission clears it', async () => {
    await createApp(t, dev, 'rejected');
    await submit('rejected', screens(1));
    const res = await decide('rejected', 'reject', { reason: 'The login screen asks for a password.' });
    expect(res.json().app).toMatchObject({
      status: 'rejected',
      reviewNote: 'The login screen asks for a password.',
    });
    expect(await appView('rejected')).toMatchObject({
      status: 'rejected',
      reviewNote: expect.stringContaining('password'),
    });
    expect(await catalogEntry('rejected')).toBeNull();
    await submit('rejected', screens(1));
    expect(await appView('rejected')).toMatchObject({ status: 'pending_review', reviewNote: null });
  });

  it('suspends: hidden from the catalog, deploys and restores refused; unsuspend restores the state before', async () => {
    await createApp(t, dev, 'frozen');
    await submit('frozen', screens(2));
    await decide('frozen', 'approve');
    await submit('frozen', screens(3), false);
    const suspended = await decide('frozen', 'suspend', { reason: 'Spam pushes' });
    expect(suspended.json().app).toMatchObject({ status: 'suspended', reviewNote: 'Spam pushes' });
    expect(await catalogEntry('frozen')).toBeNull();

    const refused = await submit('frozen', screens(1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ ok: false, error: 'suspended' });
    const restore = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/${dev.org}/apps/frozen/revisions/1/restore`,
      headers: dev.who.auth,
      payload: {},
    });
    expect(restore.json()).toMatchObject({ ok: false, error: 'suspended' });
    expect((await storedScreens(t, dev.org, 'frozen')).app.version).toBe(2);

    const back = await decide('frozen', 'unsuspend');
    expect(back.json().app).toMatchObject({ status: 'draft', version: 2, liveVersion: 1, reviewNote: null });
    expect(await catalogEntry('frozen')).toMatchObject({ version: 1 });
    expect((await submit('frozen', screens(1))).statusCode).toBe(200);
  });

  it('revokes the notifications scope from the app and from every consent in one step', async () => {
    await createApp(t, dev, 'pushy', { scopes: ['identity', 'notifications'] });
    await submit('pushy', screens(1));
    await decide('pushy', 'approve');
    const { app } = await storedScreens(t, dev.org, 'pushy');
    const users = [await t.login('u1@uni.example'), await t.login('u2@uni.example')];
    const now = new Date().toISOString();
    await t.platform.db
      .insertInto('consents')
      .values([
        {
          userId: users[0]!.user.id,
          appId: app.id,
          scopes: '["identity","notifications"]',
          createdAt: now,
          updatedAt: now,
        },
        { userId: users[1]!.user.id, appId: app.id, scopes: '["identity"]', createdAt: now, updatedAt: now },
      ])
      .execute();
    const res = await decide('pushy', 'suspend', { reason: 'Push abuse', revokeNotifications: true });
    expect(res.json().app).toMatchObject({
      status: 'suspended',
      scopes: ['identity'],
      live: { scopes: ['identity'] },
    });
    const consents = await t.platform.db
      .selectFrom('consents')
      .select(['userId', 'scopes'])
      .where('appId', '=', app.id)
      .orderBy('userId')
      .execute();
    expect(consents.map((row) => JSON.parse(row.scopes))).toEqual([['identity'], ['identity']]);
    const audit = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps/pushy/audit`,
      headers: dev.who.auth,
    });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'suspend',
      reason: 'Push abuse',
      details: { revokedNotifications: true, consentsChanged: 1 },
    });
  });

  it('refuses moves the state machine does not allow, with bad_transition', async () => {
    await createApp(t, dev, 'machine');
    await submit('machine', screens(1), false);
    for (const decision of ['approve', 'reject', 'unsuspend']) {
      const res = await decide('machine', decision, decision === 'reject' ? { reason: 'x' } : {});
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ ok: false, error: 'bad_transition', details: { status: 'draft' } });
    }
    await decide('machine', 'suspend', { reason: 'x' });
    expect((await decide('machine', 'suspend', { reason: 'again' })).json().error).toBe('bad_transition');
  });

  it('refuses an approval of a head newer than the one reviewed', async () => {
    await createApp(t, dev, 'stale');
    await submit('stale', screens(1));
    await submit('stale', screens(2));
    const res = await decide('stale', 'approve', { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'bad_transition', details: { version: 2 } });
    expect((await decide('stale', 'approve', { version: 2 })).statusCode).toBe(200);
  });

  it('lets only moderators decide, and needs a reason to reject or suspend', async () => {
    await createApp(t, dev, 'guarded');
    await submit('guarded', screens(1));
    const notModerator = await decide('guarded', 'approve', {}, dev.who);
    expect(notModerator.statusCode).toBe(403);
    expect(notModerator.json().error).toBe('forbidden');
    const queue = await t.request({ method: 'GET', url: '/api/v1/moderation/queue', headers: dev.who.auth });
    expect(queue.statusCode).toBe(403);
    expect((await decide('guarded', 'reject')).json().error).toBe('bad_request');
    expect((await decide('guarded', 'suspend', { reason: '' })).json().error).toBe('bad_request');
    expect((await decide('missing-app', 'approve')).statusCode).toBe(404);
  });
});
