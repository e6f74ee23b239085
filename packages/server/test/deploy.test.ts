// The deploy endpoint's happy paths: versions, statuses, stored screens, revisions and the validation report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeQuietly,
  createApp,
  type Developer,
  deploy,
  developer,
  revisionVersions,
  screen,
  screens,
  storedScreens,
} from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { addMember } from './helpers/members.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

describe.each(dialects)('deploy on %s', (dialect) => {
  let t: TestPlatform;
  let dev: Developer;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    dev = await developer(t, 'ada');
  });
  afterAll(() => closeQuietly(t));

  const body = (slug: string, items: unknown, extra: object = {}) => ({
    organizationId: dev.org,
    slug,
    screens: items,
    ...extra,
  });

  it('saves a first deploy as a draft at version 1, with its screens and a revision', async () => {
    await createApp(t, dev, 'first');
    const res = await deploy(t, dev.token, body('first', [screen('/'), screen('/about')]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      version: 1,
      status: 'draft',
      validation: {
        unknownWidgets: [],
        unknownActions: [],
        occurrences: [],
        warnings: [],
        bindingErrors: [],
      },
    });
    const { app, rows } = await storedScreens(t, dev.org, 'first');
    expect(app).toMatchObject({ version: 1, status: 'draft', liveVersion: null });
    expect(rows.map((row) => [row.version, row.path, row.title])).toEqual([
      [1, '/', 'Title /'],
      [1, '/about', 'Title /about'],
    ]);
    expect(JSON.parse(rows[0]!.json)).toEqual(screen('/').json);
    expect(await revisionVersions(t, app.id)).toEqual([1]);
  });

  it('sends the app to review with submit true, and back to draft with submit false', async () => {
    await createApp(t, dev, 'review');
    const submitted = await deploy(t, dev.token, body('review', screens(2), { submit: true }));
    expect(submitted.json()).toMatchObject({ ok: true, version: 1, status: 'pending_review' });
    const draft = await deploy(t, dev.token, body('review', screens(2), { submit: false }));
    expect(draft.json()).toMatchObject({ ok: true, version: 2, status: 'draft' });
    const view = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/${dev.org}/apps/review`,
      headers: dev.who.auth,
    });
    expect(view.json().app).toMatchObject({ status: 'draft', version: 2, liveVersion: null });
  });

  it('replaces all screens: a path left out of the next deploy is gone from the head', async () => {
    await createApp(t, dev, 'replace');
    await deploy(t, dev.token, body('replace', [screen('/'), screen('/old')]));
    await deploy(t, dev.token, body('replace', [screen('/', 'new root'), screen('/new')]));
    const { rows } = await storedScreens(t, dev.org, 'replace');
    // Version 1 was never live, so only the head's rows remain.
    expect(rows.map((row) => [row.version, row.path])).toEqual([
      [2, '/'],
      [2, '/new'],
    ]);
  });

  it('accepts exactly 1 and exactly 30 screens', async () => {
    await createApp(t, dev, 'edges');
    const one = await deploy(t, dev.token, body('edges', screens(1)));
    expect(one.statusCode).toBe(200);
    const thirty = await deploy(t, dev.token, body('edges', screens(30)));
    expect(thirty.statusCode).toBe(200);
    expect(thirty.json().version).toBe(2);
    const { rows } = await storedScreens(t, dev.org, 'edges');
    expect(rows).toHaveLength(30);
  });

  it('reports a typo with its pointer into the body and a suggestion, without blocking the deploy', async () => {
    await createApp(t, dev, 'typo');
    const items = [
      screen('/'),
      {
        path: '/list',
        json: {
          type: 'screen',
          children: [
            { type: 'colum', children: [{ type: 'text', text: 'x' }] },
            { type: 'button', label: 'Go', onTap: { actionType: 'openpage', path: '/' } },
          ],
        },
      },
      { path: '/again', json: { type: 'colum' } },
    ];
    const res = await deploy(t, dev.token, body('typo', items));
    expect(res.statusCode).toBe(200);
    expect(res.json().validation).toEqual({
      unknownWidgets: ['colum'],
      unknownActions: ['openpage'],
      occurrences: [
        { pointer: '/screens/1/json/children/0/type', kind: 'widget', type: 'colum', suggestion: 'column' },
        {
          pointer: '/screens/1/json/children/1/onTap/actionType',
          kind: 'action',
          type: 'openpage',
          suggestion: 'openPage',
        },
        { pointer: '/screens/2/json/type', kind: 'widget', type: 'colum', suggestion: 'column' },
      ],
      warnings: [],
      bindingErrors: [],
    });
  });

  it('never reads request bodies or page params as widgets', async () => {
    await createApp(t, dev, 'data');
    const json = {
      type: 'button',
      label: 'Buy',
      onTap: { actionType: 'networkRequest', url: '/api/buy', method: 'POST', body: { type: 'premium' } },
    };
    const res = await deploy(t, dev.token, body('data', [{ path: '/', json }]));
    expect(res.json().validation.unknownWidgets).toEqual([]);
  });

  it('reports bad bindings with their pointers, and deploys anyway', async () => {
    await createApp(t, dev, 'bindings');
    const json = {
      type: 'screen',
      state: { q: '' },
      children: [
        { type: 'text', text: 'Hello ${user.name}' },
        { type: 'text', text: 'Open ${state.q' },
        {
          type: 'list',
          itemsFrom: 'events: ${state.events}',
          itemTemplate: { type: 'text', text: '${item.title}' },
        },
        { type: 'textField', name: 'q', bind: 'params.q' },
        {
          type: 'button',
          label: 'Go',
          onTap: [
            { actionType: 'networkRequest', url: '/events', resultTo: 'events' },
            { actionType: 'setState', values: { 'state.ok': true, done: '${params.ok}' } },
          ],
        },
        { type: 'text', text: '${t.greeting} ${state.q} ${launch.startParam}', visibleIf: '${state.q}' },
      ],
    };
    const res = await deploy(t, dev.token, body('bindings', [{ path: '/', json }]));
    expect(res.statusCode).toBe(200);
    const at = '/screens/0/json/children';
    expect(res.json().validation.bindingErrors).toEqual([
      { pointer: `${at}/0/text`, code: 'unknown_root', message: expect.stringContaining('"user"') },
      { pointer: `${at}/1/text`, code: 'malformed', message: expect.stringContaining('never closed') },
      { pointer: `${at}/2/itemsFrom`, code: 'not_single_binding', message: expect.any(String) },
      { pointer: `${at}/3/bind`, code: 'outside_state', message: expect.any(String) },
      { pointer: `${at}/4/onTap/0/resultTo`, code: 'outside_state', message: expect.any(String) },
      { pointer: `${at}/4/onTap/1/values/done`, code: 'outside_state', message: expect.any(String) },
      // A deploy without strings: `${t.…}` is reported as missing.
      {
        pointer: `${at}/5/text`,
        code: 'missing_string',
        message: '"t.greeting" is used but the app has no strings',
      },
    ]);
  });

  it('warns when no screen has the start path, and lists field warnings with pointers', async () => {
    await createApp(t, dev, 'warn', { startPath: '/home' });
    const res = await deploy(
      t,
      dev.token,
      body('warn', [{ path: '/', json: { type: 'heading', text: 'x', level: 9 } }]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().validation.warnings).toEqual([
      expect.objectContaining({ pointer: '/screens/0/json/level', code: 'bad_value' }),
      expect.objectContaining({ pointer: '/screens', code: 'no_start_screen' }),
    ]);
  });

  it('reports at most 1000 findings per list and says how many were left out', async () => {
    await createApp(t, dev, 'flood');
    const children = Array.from({ length: 1500 }, (_, i) => ({ type: i % 2 ? `odd${i}` : 'colum' }));
    const res = await deploy(
      t,
      dev.token,
      body('flood', [{ path: '/', json: { type: 'column', children } }]),
    );
    expect(res.statusCode).toBe(200);
    const { validation } = res.json();
    expect(validation.occurrences).toHaveLength(1000);
    expect(validation.unknownWidgets).toHaveLength(751);
    expect(validation.omitted).toEqual({
      unknownWidgets: 0,
      unknownActions: 0,
      occurrences: 500,
      warnings: 0,
      bindingErrors: 0,
    });
  });

  it('records the token last use', async () => {
    await createApp(t, dev, 'touch');
    const before = await t.request({ method: 'GET', url: '/api/v1/tokens', headers: dev.who.auth });
    await deploy(t, dev.token, body('touch', screens(1)));
    const after = await t.request({ method: 'GET', url: '/api/v1/tokens', headers: dev.who.auth });
    const lastUsed = after.json().tokens[0].lastUsedAt as string;
    expect(lastUsed).not.toBeNull();
    expect(lastUsed >= (before.json().tokens[0].lastUsedAt ?? '')).toBe(true);
  });

  it('lets a member of the organization deploy with their own token', async () => {
    await createApp(t, dev, 'team');
    const mate = await developer(t, 'mate');
    await addMember(t, dev.who, dev.org, mate.who);
    const res = await deploy(t, mate.token, body('team', screens(1)));
    expect(res.statusCode).toBe(200);
  });
});
