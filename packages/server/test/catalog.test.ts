// The catalog: approved, unsuspended apps with their live name, start path and scopes.
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type Developer, deploy, hostedSuite, screens } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { SignedIn, TestPlatform } from './helpers/platform.js';

describe.each(dialects)('catalog on %s', (dialect) => {
  const suite = hostedSuite(dialect);
  const { decide } = suite;
  let t: TestPlatform;
  let dev: Developer;
  let reader: SignedIn;
  beforeAll(async () => {
    ({ t, dev } = suite);
    reader = await t.login('student@uni.example');

    await createApp(t, dev, 'draft-only');
    await deploy(t, dev.token, { organizationId: dev.org, slug: 'draft-only', screens: screens(1) });
    await createApp(t, dev, 'waiting');
    await deploy(t, dev.token, {
      organizationId: dev.org,
      slug: 'waiting',
      screens: screens(1),
      submit: true,
    });
    await createApp(t, dev, 'public', { scopes: ['identity', 'notifications'], startPath: '/home' });
    await deploy(t, dev.token, {
      organizationId: dev.org,
      slug: 'public',
      screens: screens(1),
      submit: true,
    });
    await decide('public', 'approve');
    await createApp(t, dev, 'banned');
    await deploy(t, dev.token, {
      organizationId: dev.org,
      slug: 'banned',
      screens: screens(1),
      submit: true,
    });
    await decide('banned', 'approve');
    await decide('banned', 'suspend', { reason: 'Abuse' });
    await createApp(t, dev, 'remote', { sourceKind: 'remote', origin: 'https://remote.example.org' });
    await decide('remote', 'approve');
  });

  const mine = (apps: Array<{ organizationId: string }>) =>
    apps.filter((app) => app.organizationId === dev.org);

  it('lists approved apps that are not suspended, with their live name, start path and scopes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/catalog', headers: reader.auth });
    expect(res.statusCode).toBe(200);
    expect(mine(res.json().apps)).toEqual([
      {
        organizationId: dev.org,
        organizationName: 'ada',
        slug: 'public',
        name: 'App public',
        sourceKind: 'hosted',
        startPath: '/home',
        scopes: ['identity', 'notifications'],
        version: 1,
        icon: null,
        description: null,
        category: null,
      },
      expect.objectContaining({ slug: 'remote', sourceKind: 'remote', version: null }),
    ]);
  });

  it('keeps showing the approved name and scopes while a change waits for review', async () => {
    await t.request({
      method: 'PATCH',
      url: `/api/v1/orgs/${dev.org}/apps/public`,
      headers: dev.who.auth,
      payload: { name: 'Renamed', scopes: ['identity', 'email'] },
    });
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/catalog/${dev.org}/public`,
      headers: reader.auth,
    });
    expect(res.json().app).toMatchObject({
      name: 'App public',
      scopes: ['identity', 'notifications'],
      version: 1,
    });
    await decide('public', 'approve');
    const after = await t.request({
      method: 'GET',
      url: `/api/v1/catalog/${dev.org}/public`,
      headers: reader.auth,
    });
    expect(after.json().app).toMatchObject({ name: 'Renamed', scopes: ['identity', 'email'] });
  });

  it('answers 404 for an app that is not in the catalog, and 401 without a user', async () => {
    for (const slug of ['draft-only', 'waiting', 'banned', 'nope']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/v1/catalog/${dev.org}/${slug}`,
        headers: reader.auth,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/v1/catalog' });
    expect(anonymous.statusCode).toBe(401);
  });
});
