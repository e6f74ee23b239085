// Hosted apps through the proxy: screens from the store at the live version, previews of the head, no API backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';

const screen = (title: string) => ({ type: 'screen', title, children: [{ type: 'text', text: title }] });

describe.each(dialects)('hosted apps through the proxy on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let user: SignedIn;
  let moderator: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    moderator = await t.login('mod@uni.example', { moderator: true });
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'menu',
      live: [
        { path: '/', json: screen('Live home') },
        { path: '/café', json: screen('Live café') },
      ],
      head: [{ path: '/', json: screen('Head home') }],
      status: 'pending_review',
    });
    await hostedApp(t, dev, { org: 'acme', slug: 'draft', head: [{ path: '/', json: screen('Draft') }] });
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'frozen',
      live: [{ path: '/', json: screen('x') }],
      status: 'suspended',
    });
  });
  afterAll(() => t.close());

  const get = (path: string, who: SignedIn = user, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `${PROXY}${path}`, headers: { ...who.auth, ...headers } });

  it('users get the live version’s screen while a new version waits for review', async () => {
    const res = await get('/acme/menu/screen/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(screen('Live home'));
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('paths are matched decoded; the query is ignored', async () => {
    expect((await get('/acme/menu/screen/caf%C3%A9?x=1')).json()).toEqual(screen('Live café'));
  });

  it('a path with no screen is 404 not_found', async () => {
    const res = await get('/acme/menu/screen/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });

  it('api requests are 404 no_backend, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.request({ method, url: `${PROXY}/acme/menu/api/items`, headers: user.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('no_backend');
    }
  });

  it('the owner and moderators preview the head version; an ordinary user may not', async () => {
    for (const who of [dev, moderator]) {
      expect((await get('/acme/menu/screen/', who, { 'x-miniapps-preview': '1' })).json()).toEqual(
        screen('Head home'),
      );
    }
    expect((await get('/acme/draft/screen/', dev, { 'x-miniapps-preview': 'true' })).json()).toEqual(
      screen('Draft'),
    );
    expect((await get('/acme/menu/screen/', user, { 'x-miniapps-preview': '1' })).statusCode).toBe(403);
  });

  it('an app never published and a suspended app are 403 app_unavailable', async () => {
    for (const slug of ['draft', 'frozen']) {
      const res = await get(`/acme/${slug}/screen/`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('app_unavailable');
    }
  });

  it('hosted paths are checked like remote ones', async () => {
    const res = await get('/acme/menu/screen/a%255c..%255cb');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_path');
  });
});
