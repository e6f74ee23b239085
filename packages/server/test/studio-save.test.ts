// The studio's save: a member's session deploys screens as a new revision, refused (409) when someone saved since.
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type Developer, hostedSuite, screen, storedScreens } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { SignedIn, TestPlatform } from './helpers/platform.js';

describe.each(dialects)('studio save on %s', (dialect) => {
  const suite = hostedSuite(dialect);
  let t: TestPlatform;
  let dev: Developer;
  beforeAll(() => {
    ({ t, dev } = suite);
  });

  const save = (slug: string, payload: object, who: SignedIn = dev.who, language?: string) =>
    t.request({
      method: 'POST',
      url: `/api/v1/orgs/${dev.org}/apps/${slug}/revisions`,
      headers: { ...who.auth, ...(language && { 'accept-language': language }) },
      payload,
    });

  it('saves the screens as a draft revision based on the head, with the validator findings', async () => {
    await createApp(t, dev, 'studio-a');
    const first = await save('studio-a', {
      baseVersion: 0,
      screens: [{ path: '/', json: { type: 'screen', children: [{ type: 'txet', text: 'hi' }] } }],
      data: { menu: [1, 2] },
      strings: { en: { hello: 'Hello' } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, version: 1, status: 'draft' });
    expect(first.json().validation.occurrences).toEqual([
      expect.objectContaining({
        pointer: '/screens/0/json/children/0/type',
        type: 'txet',
        suggestion: 'text',
      }),
    ]);
    const second = await save('studio-a', { baseVersion: 1, screens: [screen('/', 'Two')], submit: true });
    expect(second.json()).toMatchObject({ version: 2, status: 'pending_review' });
    const revision = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps/studio-a/revisions/1`,
      headers: dev.who.auth,
    });
    expect(revision.json().revision).toMatchObject({
      data: { menu: [1, 2] },
      strings: { en: { hello: 'Hello' } },
    });
    const { app } = await storedScreens(t, dev.org, 'studio-a');
    expect(app.version).toBe(2);
  });

  it('refuses a stale save with the head version, in the asker language, and saves nothing', async () => {
    await createApp(t, dev, 'studio-b');
    expect((await save('studio-b', { baseVersion: 0, screens: [screen('/', 'Mine')] })).statusCode).toBe(200);
    const stale = await save('studio-b', { baseVersion: 0, screens: [screen('/', 'Theirs')] }, dev.who, 'ru');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ ok: false, error: 'conflict', details: { version: 1 } });
    expect(stale.json().message).toContain('версия 1');
    const ahead = await save('studio-b', { baseVersion: 7, screens: [screen('/', 'Future')] });
    expect(ahead.statusCode).toBe(409);
    const { app, rows } = await storedScreens(t, dev.org, 'studio-b');
    expect(app.version).toBe(1);
    expect(rows.map((row) => JSON.parse(row.json).title)).toEqual(['Mine']);
  });

  it('lets one of two saves from the same base through, at once', async () => {
    await createApp(t, dev, 'studio-c');
    const both = await Promise.all([
      save('studio-c', { baseVersion: 0, screens: [screen('/', 'A')] }),
      save('studio-c', { baseVersion: 0, screens: [screen('/', 'B')] }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const { app } = await storedScreens(t, dev.org, 'studio-c');
    expect(app.version).toBe(1);
  });

  it('refuses strangers (404), a missing base (400), bad screens (422 bad_screens), remote apps', async () => {
    await createApp(t, dev, 'studio-d');
    const stranger = await t.login('studio-stranger@uni.example');
    const refused = await save('studio-d', { baseVersion: 0, screens: [screen('/')] }, stranger);
    expect(refused.statusCode).toBe(404);
    const noBase = await save('studio-d', { screens: [screen('/')] });
    expect(noBase.statusCode).toBe(400);
    expect(noBase.json().error).toBe('bad_request');
    const bad = await save('studio-d', { baseVersion: 0, screens: [{ path: 'nope', json: {} }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toBe('bad_screens');
    await createApp(t, dev, 'studio-remote', { sourceKind: 'remote', origin: 'https://remote.uni.example' });
    const remote = await save('studio-remote', { baseVersion: 0, screens: [screen('/')] });
    expect(remote.json().error).toBe('not_hosted');
    const { app } = await storedScreens(t, dev.org, 'studio-d');
    expect(app.version).toBe(0);
  });
  it('refuses, saving nothing, a path that leaves the app (percent-encoded too), a NUL, a body too deep or too large', async () => {
    await createApp(t, dev, 'studio-h');
    let deep: object = { type: 'text', text: 'x' };
    for (let i = 0; i < 300; i++) deep = { type: 'column', children: [deep] };
    const bodies: object[] = [
      { baseVersion: 0, screens: [{ path: '/a/../b', json: { type: 'divider' } }] },
      { baseVersion: 0, screens: [{ path: '/%2e%2e/b', json: { type: 'divider' } }] },
      { baseVersion: 0, screens: [{ path: '/a\u0000b', json: { type: 'divider' } }] },
      { baseVersion: 0, screens: [{ path: '/', json: { type: 'screen', children: [deep] } }] },
      {
        baseVersion: 0,
        screens: [{ path: '/', json: { type: 'text', text: 'x'.repeat(12 * 1024 * 1024) } }],
      },
    ];
    for (const body of bodies) {
      const res = await save('studio-h', body);
      expect([400, 413, 422], res.body.slice(0, 200)).toContain(res.statusCode);
      expect(typeof res.json().error).toBe('string');
    }
    const { app } = await storedScreens(t, dev.org, 'studio-h');
    expect(app.version).toBe(0);
  });
});
