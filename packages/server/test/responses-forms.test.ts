// The owners' console reads an app's collections: each form's fields as the live version states them, its count and
// its counts per option (every option from 0, free text never), a form the app no longer has kept while it has
// responses; 404 to anyone outside the organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';

const signup = {
  type: 'screen',
  children: [
    {
      type: 'form',
      id: 'f',
      collect: { name: 'signup', capacity: 40, closesAt: '2030-09-01T18:00:00+03:00' },
      children: [
        { type: 'textField', name: 'fullName', label: 'Имя', required: true },
        { type: 'textField', name: 'day', inputType: 'date' },
        {
          type: 'select',
          name: 'track',
          label: 'Трек',
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'b' },
          ],
        },
        {
          type: 'select',
          name: 'topics',
          multiple: true,
          options: [
            { label: 'X', value: 'x' },
            { label: 'Y', value: 'y' },
          ],
        },
        { type: 'checkbox', name: 'agree', label: 'Согласен' },
      ],
    },
  ],
};
const survey = {
  type: 'screen',
  children: [
    {
      type: 'form',
      id: 's',
      collect: { name: 'survey' },
      children: [{ type: 'textField', name: 'note' }],
    },
  ],
};

describe.each(dialects)("the owners' collections route on %s", (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let ann: SignedIn;
  let eve: SignedIn;
  const url = '/api/v1/orgs/acme/apps/events/responses/forms';

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    eve = await t.login('eve@uni.example');
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'events',
      live: [
        { path: '/', json: signup },
        { path: '/old', json: survey },
      ],
    });
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: eve.auth,
      payload: { id: 'evil', name: 'e' },
    });
    const send = async (form: string, payload: object) => {
      const res = await t.request({
        method: 'POST',
        url: `${PROXY}/acme/events/responses/${form}`,
        headers: { ...ann.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await send('signup', { fullName: 'Анна', track: 'a', topics: ['x', 'y'], agree: true });
    await send('signup', { fullName: 'Борис', track: 'a', topics: ['y'] });
    await send('survey', { note: 'секрет' });
    // Version 2 goes live without the survey's screen; its response stays.
    const { id } = await t.platform.db
      .selectFrom('apps')
      .select('id')
      .where('slug', '=', 'events')
      .executeTakeFirstOrThrow();
    await t.platform.db
      .insertInto('screens')
      .values({ appId: id, version: 2, path: '/', title: null, json: JSON.stringify(signup) })
      .execute();
    await t.platform.db
      .updateTable('apps')
      .set({ version: 2, liveVersion: 2 })
      .where('id', '=', id)
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  it('lists each form with its fields, count and counts per option', async () => {
    const res = await t.request({ method: 'GET', url, headers: dev.auth });
    expect(res.statusCode, res.body).toBe(200);
    const { forms } = res.json();
    expect(forms.map((form: { name: string }) => form.name)).toEqual(['signup', 'survey']);
    expect(forms[0]).toEqual({
      name: 'signup',
      declared: true,
      count: 2,
      capacity: 40,
      closesAt: '2030-09-01T15:00:00.000Z',
      fields: [
        { name: 'fullName', label: 'Имя', kind: 'text', required: true },
        { name: 'day', kind: 'date', required: false },
        { name: 'track', label: 'Трек', kind: 'choice', required: false, options: ['a', 'b'] },
        { name: 'topics', kind: 'choices', required: false, options: ['x', 'y'] },
        { name: 'agree', label: 'Согласен', kind: 'boolean', required: false },
      ],
      counts: {
        track: { a: 2, b: 0 },
        topics: { x: 1, y: 2 },
        agree: { true: 1, false: 0 },
      },
    });
    // No longer in the app, still holding a response: listed so it can be read and deleted, free text never counted.
    expect(forms[1]).toEqual({
      name: 'survey',
      declared: false,
      count: 1,
      capacity: null,
      closesAt: null,
      fields: [],
      counts: {},
    });
  });

  it('answers 404 to a user outside the organization and to a missing app, 401 without a token', async () => {
    for (const who of [ann, eve]) {
      const res = await t.request({ method: 'GET', url, headers: who.auth });
      expect(res.statusCode).toBe(404);
    }
    const missing = await t.request({
      method: 'GET',
      url: '/api/v1/orgs/acme/apps/nope/responses/forms',
      headers: dev.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers an app without forms with an empty list, the same twice at once', async () => {
    await hostedApp(t, dev, { org: 'acme', slug: 'plain', live: [{ path: '/', json: { type: 'screen' } }] });
    const both = await Promise.all(
      [1, 2].map(() =>
        t.request({ method: 'GET', url: '/api/v1/orgs/acme/apps/plain/responses/forms', headers: dev.auth }),
      ),
    );
    for (const res of both) expect(res.json()).toEqual({ ok: true, forms: [] });
  });
});
