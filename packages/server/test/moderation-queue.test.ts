// The moderation queue's diff summary, remote apps returning to review, and the audit log.
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type Developer, deploy, hostedSuite, screen } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { SignedIn, TestPlatform } from './helpers/platform.js';

describe.each(dialects)('moderation queue and audit on %s', (dialect) => {
  const suite = hostedSuite(dialect);
  const { decide } = suite;
  let t: TestPlatform;
  let dev: Developer;
  let moderator: SignedIn;
  beforeAll(() => {
    ({ t, dev, moderator } = suite);
  });

  const submit = (slug: string, items: unknown) =>
    deploy(t, dev.token, { organizationId: dev.org, slug, screens: items, submit: true });
  const patch = (slug: string, payload: object) =>
    t.request({
      method: 'PATCH',
      url: `/api/v1/orgs/${dev.org}/apps/${slug}`,
      headers: dev.who.auth,
      payload,
    });
  const queueEntry = async (slug: string) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/moderation/queue', headers: moderator.auth });
    expect(res.statusCode).toBe(200);
    return (res.json().queue as Array<{ slug: string; organizationId: string }>).find(
      (entry) => entry.slug === slug && entry.organizationId === dev.org,
    );
  };

  it('summarizes screens added, removed and changed, and metadata changes, against the live version', async () => {
    await createApp(t, dev, 'diffed', { scopes: ['identity'] });
    await submit('diffed', [screen('/'), screen('/a'), screen('/b')]);
    const first = await queueEntry('diffed');
    expect(first).toMatchObject({
      version: 1,
      liveVersion: null,
      changes: {
        firstReview: true,
        screens: { added: ['/', '/a', '/b'], removed: [], changed: [], unchanged: 0 },
        name: { from: null, to: 'App diffed' },
        scopes: { added: ['identity'], removed: [] },
      },
    });
    await decide('diffed', 'approve');
    expect(await queueEntry('diffed')).toBeUndefined();

    await patch('diffed', { name: 'Diffed Renamed', scopes: ['email'] });
    await submit('diffed', [screen('/'), screen('/a', 'edited'), screen('/c')]);
    expect(await queueEntry('diffed')).toMatchObject({
      version: 2,
      liveVersion: 1,
      name: 'Diffed Renamed',
      changes: {
        firstReview: false,
        screens: { added: ['/c'], removed: ['/b'], changed: ['/a'], unchanged: 1 },
        name: { from: 'App diffed', to: 'Diffed Renamed' },
        startPath: null,
        origin: null,
        scopes: { added: ['email'], removed: ['identity'] },
      },
    });
  });

  it('serves the oldest submission first', async () => {
    await createApp(t, dev, 'older');
    await createApp(t, dev, 'newer');
    await submit('older', [screen('/')]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await submit('newer', [screen('/')]);
    const res = await t.request({ method: 'GET', url: '/api/v1/moderation/queue', headers: moderator.auth });
    const slugs = (res.json().queue as Array<{ slug: string }>).map((entry) => entry.slug);
    expect(slugs.indexOf('older')).toBeLessThan(slugs.indexOf('newer'));
  });

  it('keeps a remote app on its approved origin until a change of origin is approved', async () => {
    await createApp(t, dev, 'remote', { sourceKind: 'remote', origin: 'https://one.example.org' });
    expect(await queueEntry('remote')).toMatchObject({
      sourceKind: 'remote',
      changes: { firstReview: true, screens: null, origin: { from: null, to: 'https://one.example.org' } },
    });
    const approved = await decide('remote', 'approve');
    expect(approved.json().app).toMatchObject({
      status: 'published',
      live: { origin: 'https://one.example.org' },
    });

    const changed = await patch('remote', { origin: 'https://two.example.org' });
    expect(changed.json().app).toMatchObject({
      status: 'pending_review',
      origin: 'https://two.example.org',
      live: { origin: 'https://one.example.org' },
    });
    const catalog = await t.request({
      method: 'GET',
      url: `/api/v1/catalog/${dev.org}/remote`,
      headers: dev.who.auth,
    });
    expect(catalog.json().app).toMatchObject({ sourceKind: 'remote', name: 'App remote' });
    expect(await queueEntry('remote')).toMatchObject({
      changes: {
        firstReview: false,
        origin: { from: 'https://one.example.org', to: 'https://two.example.org' },
      },
    });
    const second = await decide('remote', 'approve');
    expect(second.json().app).toMatchObject({
      status: 'published',
      live: { origin: 'https://two.example.org' },
    });
  });

  it('writes every transition to the audit log: who, when, from, to and why', async () => {
    await createApp(t, dev, 'audited');
    await submit('audited', [screen('/')]);
    await decide('audited', 'reject', { reason: 'Broken link' });
    await submit('audited', [screen('/')]);
    await decide('audited', 'approve', { version: 2 });
    await decide('audited', 'suspend', { reason: 'Abuse' });
    await decide('audited', 'unsuspend', { reason: 'Fixed' });
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps/audited/audit`,
      headers: dev.who.auth,
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as Array<Record<string, unknown>>;
    expect(entries.map((e) => [e.action, e.from, e.to, e.reason, e.version])).toEqual([
      ['unsuspend', 'suspended', 'published', 'Fixed', 2],
      ['suspend', 'published', 'suspended', 'Abuse', 2],
      ['approve', 'pending_review', 'published', null, 2],
      ['deploy', 'rejected', 'pending_review', null, 2],
      ['reject', 'pending_review', 'rejected', 'Broken link', 1],
      ['deploy', 'draft', 'pending_review', null, 1],
    ]);
    expect(entries[0]).toMatchObject({ actor: { id: moderator.user.id, email: 'mod@uni.example' } });
    expect(entries[5]).toMatchObject({ actor: { id: dev.who.user.id } });
    expect(Date.parse(entries[0]!.at as string)).toBeGreaterThan(0);

    const asModerator = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps/audited/audit`,
      headers: moderator.auth,
    });
    expect(asModerator.json().entries).toHaveLength(6);
    const stranger = await t.login('stranger@uni.example');
    const hidden = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps/audited/audit`,
      headers: stranger.auth,
    });
    expect(hidden.statusCode).toBe(404);
  });
});
