// An app's retention of form responses set through the app's PATCH: its bounds (1 to 3,650 days, null the
// default), no trip back to moderation, an audit entry per change, members only, and the sweep keeping to it.
import { DEFAULT_RESPONSE_RETENTION_DAYS, MAX_RESPONSE_RETENTION_DAYS } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { sweepResponses } from '../src/responses/retention.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY, remoteApp } from './helpers/proxy-apps.js';
import { collectingScreen } from './helpers/response-forms.js';

const DAY = 24 * 3600 * 1000;

describe.each(dialects)('the retention of form responses on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let ann: SignedIn;
  let eve: SignedIn;
  let clock: ManualClock;
  let appId: string;
  const url = '/api/v1/orgs/acme/apps/events';

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    clock = new ManualClock(Date.parse('2026-08-01T00:00:00Z'));
    t.platform.clock = clock;
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    eve = await t.login('eve@uni.example');
    appId = await hostedApp(t, dev, {
      org: 'acme',
      slug: 'events',
      live: [{ path: '/', json: collectingScreen('signup') }],
    });
    await remoteApp(t, dev, { org: 'acme', slug: 'remote', origin: 'https://origin.test' });
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: eve.auth,
      payload: { id: 'evil', name: 'evil' },
    });
  }, 60_000);
  afterAll(() => t.close());

  const patch = (who: SignedIn, payload: object, to = url) =>
    t.request({ method: 'PATCH', url: to, headers: who.auth, payload });
  const retentionAudit = async () =>
    (
      await t.platform.db
        .selectFrom('auditLog')
        .select(['actorId', 'details'])
        .where('action', '=', 'response_retention')
        .orderBy('createdAt')
        .execute()
    ).map((entry) => ({ actorId: entry.actorId, ...JSON.parse(entry.details!) }));

  it('is null (the default) until set, and shows in the app answer once set, leaving the status as it was', async () => {
    const before = (await t.request({ method: 'GET', url, headers: dev.auth })).json().app;
    expect(before).toMatchObject({ status: 'published', responseRetentionDays: null });
    const res = await patch(dev, { responseRetentionDays: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().app).toMatchObject({ status: 'published', responseRetentionDays: 30 });
    expect(
      (await t.request({ method: 'GET', url, headers: dev.auth })).json().app.responseRetentionDays,
    ).toBe(30);
    // The same value again is no change: no second audit entry.
    expect((await patch(dev, { responseRetentionDays: 30 })).statusCode).toBe(200);
    expect(await retentionAudit()).toEqual([{ actorId: dev.user.id, from: null, to: 30 }]);
  });

  it(`takes 1 and ${MAX_RESPONSE_RETENTION_DAYS} days and null, and refuses 0, ${MAX_RESPONSE_RETENTION_DAYS + 1} and a fraction with 400`, async () => {
    for (const days of [1, MAX_RESPONSE_RETENTION_DAYS, null]) {
      const res = await patch(dev, { responseRetentionDays: days });
      expect(res.statusCode, String(days)).toBe(200);
      expect(res.json().app.responseRetentionDays).toBe(days);
    }
    for (const days of [0, MAX_RESPONSE_RETENTION_DAYS + 1, 1.5, '30']) {
      const res = await patch(dev, { responseRetentionDays: days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().error).toBe('bad_request');
    }
    expect(
      (await t.request({ method: 'GET', url, headers: dev.auth })).json().app.responseRetentionDays,
    ).toBeNull();
    expect((await retentionAudit()).slice(1)).toEqual([
      { actorId: dev.user.id, from: 30, to: 1 },
      { actorId: dev.user.id, from: 1, to: MAX_RESPONSE_RETENTION_DAYS },
      { actorId: dev.user.id, from: MAX_RESPONSE_RETENTION_DAYS, to: null },
    ]);
  });

  it('answers 404 to a stranger and 422 for an app that keeps no responses, changing nothing', async () => {
    const entries = (await retentionAudit()).length;
    for (const who of [ann, eve]) {
      expect((await patch(who, { responseRetentionDays: 7 })).statusCode).toBe(404);
    }
    const remote = await patch(dev, { responseRetentionDays: 7 }, '/api/v1/orgs/acme/apps/remote');
    expect(remote.statusCode).toBe(422);
    expect(remote.json()).toMatchObject({
      error: 'validation_failed',
      details: { field: 'responseRetentionDays' },
    });
    expect(
      (await t.request({ method: 'GET', url, headers: dev.auth })).json().app.responseRetentionDays,
    ).toBeNull();
    expect(await retentionAudit()).toHaveLength(entries);
  });

  it('goes along with a metadata change, which alone sends the app back to review', async () => {
    const res = await patch(dev, { name: 'Events 2', responseRetentionDays: 90 });
    expect(res.json().app).toMatchObject({
      status: 'pending_review',
      name: 'Events 2',
      responseRetentionDays: 90,
    });
    expect((await retentionAudit()).at(-1)).toMatchObject({ from: null, to: 90 });
    const update = await t.platform.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(update.details!)).toEqual({ fields: ['name'] });
  });

  it('shortens how long responses are kept: the sweep deletes what is older than the days set', async () => {
    const send = async () => {
      const res = await t.request({
        method: 'POST',
        url: `${PROXY}/acme/events/responses/signup`,
        headers: { ...ann.auth, 'content-type': 'application/json' },
        payload: { fullName: 'Анна' },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const sent = clock.now();
    const older = await send();
    clock.advance(20 * DAY);
    const younger = await send();
    const kept = async () =>
      (await t.platform.db.selectFrom('formResponses').select('id').where('appId', '=', appId).execute()).map(
        (row) => row.id,
      );
    // The default keeps both past 30 days.
    expect((await patch(dev, { responseRetentionDays: null })).statusCode).toBe(200);
    expect(DEFAULT_RESPONSE_RETENTION_DAYS).toBeGreaterThan(30);
    expect(await sweepResponses(t.platform.db, sent + 30 * DAY + 1)).toBe(0);
    // Set to 30 days: the older goes a millisecond past its 30th day, the younger stays.
    expect((await patch(dev, { responseRetentionDays: 30 })).statusCode).toBe(200);
    expect(await sweepResponses(t.platform.db, sent + 30 * DAY)).toBe(0);
    expect(await sweepResponses(t.platform.db, sent + 30 * DAY + 1)).toBe(1);
    expect(await kept()).toEqual([younger]);
    expect(await kept()).not.toContain(older);
  });
});
