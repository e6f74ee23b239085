// Every error of the deploy endpoint at its edge, with the contract's code and status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeQuietly,
  createApp,
  type Developer,
  deploy,
  developer,
  screen,
  screens,
  storedScreens,
} from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

describe.each(dialects)('deploy errors on %s', (dialect) => {
  let t: TestPlatform;
  let dev: Developer;
  let stranger: Developer;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    dev = await developer(t, 'ada');
    stranger = await developer(t, 'eve');
    await createApp(t, dev, 'app');
    await createApp(t, dev, 'remote', { sourceKind: 'remote', origin: 'https://origin.example.org' });
  });
  afterAll(() => closeQuietly(t));

  const body = (extra: object = {}) => ({
    organizationId: dev.org,
    slug: 'app',
    screens: screens(1),
    ...extra,
  });

  function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ ok: false, error: code, message: expect.any(String) });
  }

  describe('invalid_token (401)', () => {
    it('refuses a missing, malformed, unknown or revoked token, before reading the body', async () => {
      const unknown = `mapp_dt_${'0'.repeat(48)}`;
      for (const authorization of [undefined, 'Bearer', `Bearer nope`, `Bearer ${unknown}`, dev.token]) {
        const res = await t.request({
          method: 'POST',
          url: '/functions/v1/miniapp-deploy',
          headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
          payload: '{not json',
        });
        expectError(res, 401, 'invalid_token');
      }
      const doomed = await developer(t, 'doomed');
      await createApp(t, doomed, 'app');
      const ok = await deploy(t, doomed.token, {
        organizationId: doomed.org,
        slug: 'app',
        screens: screens(1),
      });
      expect(ok.statusCode).toBe(200);
      const list = await t.request({ method: 'GET', url: '/api/v1/tokens', headers: doomed.who.auth });
      const id = list.json().tokens[0].id as string;
      await t.request({ method: 'DELETE', url: `/api/v1/tokens/${id}`, headers: doomed.who.auth });
      const revoked = await deploy(t, doomed.token, {
        organizationId: doomed.org,
        slug: 'app',
        screens: screens(1),
      });
      expectError(revoked, 401, 'invalid_token');
    });
  });

  describe('bad_request (400)', () => {
    it('refuses a body that is not JSON', async () => {
      for (const payload of ['{not json', '', 'null', '[]', '"text"']) {
        expectError(await deploy(t, dev.token, payload), 400, 'bad_request');
      }
    });

    it('names each missing or mistyped field', async () => {
      const res = await deploy(t, dev.token, { slug: 'app', submit: 'yes' });
      expectError(res, 400, 'bad_request');
      expect(res.json().details).toEqual([
        { field: 'organizationId', problem: 'is required' },
        { field: 'screens', problem: 'is required' },
        { field: 'submit', problem: 'must be true or false' },
      ]);
      expectError(await deploy(t, dev.token, body({ slug: 7 })), 400, 'bad_request');
    });

    it('reads a JSON body whatever its content type says', async () => {
      const res = await deploy(t, dev.token, body(), { 'content-type': 'text/plain' });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('app_not_found (422)', () => {
    it('refuses a slug that does not exist and an app of another account alike', async () => {
      expectError(await deploy(t, dev.token, body({ slug: 'nope' })), 422, 'app_not_found');
      expectError(await deploy(t, dev.token, body({ organizationId: 'no-such-org' })), 422, 'app_not_found');
      const theirs = await deploy(t, stranger.token, body());
      expectError(theirs, 422, 'app_not_found');
      expect(theirs.json().message).toBe(
        (await deploy(t, stranger.token, body({ slug: 'nope' }))).json().message.replace('"nope"', '"app"'),
      );
    });
  });

  describe('not_hosted (422)', () => {
    it('refuses a remote app', async () => {
      expectError(await deploy(t, dev.token, body({ slug: 'remote' })), 422, 'not_hosted');
    });
  });

  describe('bad_screens (422)', () => {
    it('refuses 0 and 31 screens, accepting 1 and 30', async () => {
      const none = await deploy(t, dev.token, body({ screens: [] }));
      expectError(none, 422, 'bad_screens');
      expect(none.json().details).toEqual([
        { pointer: '/screens', problem: expect.stringContaining('holds 0') },
      ]);
      const over = await deploy(t, dev.token, body({ screens: screens(31) }));
      expectError(over, 422, 'bad_screens');
      expect(over.json().details).toEqual([
        { pointer: '/screens', problem: expect.stringContaining('holds 31') },
      ]);
      expect((await deploy(t, dev.token, body({ screens: screens(1) }))).statusCode).toBe(200);
      expect((await deploy(t, dev.token, body({ screens: screens(30) }))).statusCode).toBe(200);
    });

    it('refuses screens that are not an array', async () => {
      const res = await deploy(t, dev.token, body({ screens: { path: '/' } }));
      expectError(res, 422, 'bad_screens');
      expect(res.json().details).toEqual([{ pointer: '/screens', problem: expect.any(String) }]);
    });

    it('names every structural fault of every item with a pointer', async () => {
      const items = [
        screen('/'),
        'not an object',
        { json: { type: 'text', text: 'x' } },
        { path: '/no-json' },
        { path: '/array-json', json: [] },
        { path: '/no-type', json: { children: [] } },
        { path: 'relative', json: { type: 'divider' } },
        { path: '/a/../b', json: { type: 'divider' } },
        screen('/'),
        { path: '/title', title: 42, json: { type: 'divider' } },
      ];
      const res = await deploy(t, dev.token, body({ screens: items }));
      expectError(res, 422, 'bad_screens');
      expect(res.json().details.map((d: { pointer: string }) => d.pointer)).toEqual([
        '/screens/1',
        '/screens/2/path',
        '/screens/3/json',
        '/screens/4/json',
        '/screens/5/json/type',
        '/screens/6/path',
        '/screens/7/path',
        '/screens/8/path',
        '/screens/9/title',
      ]);
      expect(res.json().details[7].problem).toContain('/screens/0');
    });

    it('refuses an image that is not https, pointing at its src', async () => {
      const json = { type: 'image', src: 'http://cdn.example.org/a.png' };
      const res = await deploy(t, dev.token, body({ screens: [screen('/'), { path: '/img', json }] }));
      expectError(res, 422, 'bad_screens');
      expect(res.json().details).toEqual([
        { pointer: '/screens/1/json/src', problem: expect.stringContaining('https') },
      ]);
    });

    it('refuses what fails at run time with the pointers `miniapps validate` names: a required field, a dataset the deploy lacks, item outside a template, a storage key', async () => {
      const json = {
        type: 'screen',
        state: { books: [] },
        onLoad: { actionType: 'networkRequest', url: '/data/bookz', resultTo: 'state.books' },
        children: [
          { type: 'form', id: 'f', children: [{ type: 'textField', label: 'Name' }] },
          { type: 'text', text: '${item.title}' },
          { type: 'button', label: 'Keep', onTap: { actionType: 'storageSet', key: 'bad key!', value: 1 } },
        ],
      };
      const data = { books: [{ title: 'Dune' }] };
      const res = await deploy(
        t,
        dev.token,
        body({ screens: [screen('/'), { path: '/books', json }], data }),
      );
      expectError(res, 422, 'bad_screens');
      expect(res.json().details).toEqual([
        { pointer: '/screens/1/json/onLoad/url', problem: expect.stringContaining('"bookz"') },
        { pointer: '/screens/1/json/children/0/children/0', problem: '"name" is required' },
        { pointer: '/screens/1/json/children/1/text', problem: expect.stringContaining('list.itemTemplate') },
        { pointer: '/screens/1/json/children/2/onTap/key', problem: expect.stringContaining('storage key') },
      ]);
      expect(res.json().message).toContain('/screens/1/json/onLoad/url');
      // The same screen with the dataset named right, the field given, the text in a template and a good key is taken.
      const fixed = {
        ...json,
        onLoad: { ...json.onLoad, url: '/data/books' },
        children: [
          { type: 'form', id: 'f', children: [{ type: 'textField', name: 'name', label: 'Name' }] },
          {
            type: 'list',
            itemsFrom: '${state.books}',
            itemTemplate: { type: 'text', text: '${item.title}' },
          },
          { type: 'button', label: 'Keep', onTap: { actionType: 'storageSet', key: 'good-key', value: 1 } },
        ],
      };
      const ok = await deploy(
        t,
        dev.token,
        body({ screens: [screen('/'), { path: '/books', json: fixed }], data }),
      );
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('refuses a screen nested past the depth cap instead of stopping silently', async () => {
      let json: Record<string, unknown> = { type: 'divider' };
      for (let i = 0; i < 200; i++) json = { type: 'column', children: [json] };
      const res = await deploy(t, dev.token, body({ screens: [{ path: '/', json }] }));
      expectError(res, 422, 'bad_screens');
      expect(res.json().details[0].problem).toContain('deeper than');
    });

    it('leaves the stored screens untouched when a deploy is refused', async () => {
      const before = await storedScreens(t, dev.org, 'app');
      await deploy(t, dev.token, body({ screens: [] }));
      await deploy(t, dev.token, body({ screens: screens(31) }));
      const after = await storedScreens(t, dev.org, 'app');
      expect(after.app.version).toBe(before.app.version);
      expect(after.rows).toEqual(before.rows);
    });
  });
});
