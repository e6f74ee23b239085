// Revisions: the last 20 kept (the 21st deploy prunes the oldest), listing, reading and restoring.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  type Developer,
  deploy,
  hostedSuite,
  revisionVersions,
  screen,
  screens,
  storedScreens,
} from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { SignedIn, TestPlatform } from './helpers/platform.js';

describe.each(dialects)('revisions on %s', (dialect) => {
  const suite = hostedSuite(dialect);
  let t: TestPlatform;
  let dev: Developer;
  let moderator: SignedIn;
  beforeAll(() => {
    ({ t, dev, moderator } = suite);
  });

  const push = (slug: string, items: unknown, submit = false) =>
    deploy(t, dev.token, { organizationId: dev.org, slug, screens: items, submit });
  const get = (url: string, who: SignedIn = dev.who) => t.request({ method: 'GET', url, headers: who.auth });
  const restore = (slug: string, version: number | string, payload: object = {}, who: SignedIn = dev.who) =>
    t.request({
      method: 'POST',
      url: `/api/v1/orgs/${dev.org}/apps/${slug}/revisions/${version}/restore`,
      headers: who.auth,
      payload,
    });

  it('keeps 20 revisions: the 21st deploy prunes the oldest one', async () => {
    await createApp(t, dev, 'many');
    for (let i = 1; i <= 20; i++) await push('many', [screen('/', `deploy ${i}`)]);
    const { app } = await storedScreens(t, dev.org, 'many');
    expect(await revisionVersions(t, app.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const twentyFirst = await push('many', [screen('/', 'deploy 21')]);
    expect(twentyFirst.json().version).toBe(21);
    expect(await revisionVersions(t, app.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const gone = await restore('many', 1);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('revision_not_found');
  });

  it('lists revisions newest first, with screens on request, and reads one', async () => {
    await createApp(t, dev, 'listed');
    await push('listed', screens(2, 'one'));
    await push('listed', screens(3, 'two'));
    const list = await get(`/api/v1/orgs/${dev.org}/apps/listed/revisions`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ ok: true, version: 2, liveVersion: null });
    expect(list.json().revisions).toEqual([
      expect.objectContaining({ version: 2, screenCount: 3, restoredFrom: null, createdBy: dev.who.user.id }),
      expect.objectContaining({ version: 1, screenCount: 2, restoredFrom: null }),
    ]);
    expect(list.json().revisions[0].screens).toBeUndefined();
    const full = await get(`/api/v1/orgs/${dev.org}/apps/listed/revisions?include=screens`);
    expect(full.json().revisions[1].screens).toEqual(screens(2, 'one'));
    const one = await get(`/api/v1/orgs/${dev.org}/apps/listed/revisions/1`);
    expect(one.json().revision).toMatchObject({ version: 1, screens: screens(2, 'one') });
    expect((await get(`/api/v1/orgs/${dev.org}/apps/listed/revisions/9`)).json().error).toBe(
      'revision_not_found',
    );
    expect((await get(`/api/v1/orgs/${dev.org}/apps/listed/revisions`, moderator)).statusCode).toBe(200);
  });

  it('restores a revision as a new deploy: new version, new revision, its screens, same moderation rule', async () => {
    await createApp(t, dev, 'restored');
    await push('restored', [screen('/', 'A'), screen('/a')]);
    await push('restored', [screen('/', 'B')]);
    const res = await restore('restored', 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, version: 3, status: 'draft', restoredFrom: 1 });
    const { app, rows } = await storedScreens(t, dev.org, 'restored');
    expect(app.version).toBe(3);
    expect(rows.map((row) => [row.version, row.path, JSON.parse(row.json).title])).toEqual([
      [3, '/', 'A'],
      [3, '/a', 'screen /a'],
    ]);
    const list = await get(`/api/v1/orgs/${dev.org}/apps/restored/revisions`);
    expect(list.json().revisions[0]).toMatchObject({ version: 3, restoredFrom: 1, screenCount: 2 });

    const submitted = await restore('restored', 2, { submit: true });
    expect(submitted.json()).toMatchObject({ version: 4, status: 'pending_review', restoredFrom: 2 });
    const audit = await get(`/api/v1/orgs/${dev.org}/apps/restored/audit`);
    expect(audit.json().entries[0]).toMatchObject({
      action: 'restore',
      to: 'pending_review',
      details: { restoredFrom: 2 },
    });
  });

  it('lets only members restore, and only hosted apps', async () => {
    await createApp(t, dev, 'guarded');
    await push('guarded', screens(1));
    const stranger = await t.login('stranger@uni.example');
    expect((await restore('guarded', 1, {}, stranger)).statusCode).toBe(404);
    expect((await restore('guarded', 1, {}, moderator)).statusCode).toBe(404);
    expect((await get(`/api/v1/orgs/${dev.org}/apps/guarded/revisions`, stranger)).statusCode).toBe(404);
    await createApp(t, dev, 'far', { sourceKind: 'remote', origin: 'https://far.example.org' });
    const remote = await restore('far', 1);
    expect(remote.statusCode).toBe(422);
    expect(remote.json().error).toBe('not_hosted');
    expect((await restore('guarded', 'x')).json().error).toBe('bad_request');
  });
});
