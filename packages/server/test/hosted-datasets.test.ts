// Hosted datasets: deployed beside the screens, at their limits' edges, served through the proxy
// at the live version (previews at the head), kept in revisions and restored, listed with sizes for review.
import { describe, expect, it } from 'vitest';
import { createApp, deploy, hostedSuite, screen } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { SignedIn } from './helpers/platform.js';
import { PROXY } from './helpers/proxy-apps.js';

const KB = 1024;

/** A JSON string whose stored text (quotes included) is exactly `bytes` bytes. */
const sized = (bytes: number) => 'x'.repeat(bytes - 2);

const events = [
  { title: 'Open day', room: 'A1' },
  { title: 'Concert', room: 'Hall' },
];

describe.each(dialects)('hosted datasets on %s', (dialect) => {
  const s = hostedSuite(dialect);
  let user: SignedIn;

  const send = (slug: string, data: unknown, submit = false) =>
    deploy(s.t, s.dev.token, { organizationId: s.dev.org, slug, submit, screens: [screen('/')], data });
  const dataset = (slug: string, name: string, who?: SignedIn, headers: Record<string, string> = {}) =>
    s.t.request({
      method: 'GET',
      url: `${PROXY}/${s.dev.org}/${slug}/api/data/${name}`,
      headers: { ...(who ?? user).auth, ...headers },
    });
  const headVersion = async (slug: string) => {
    const res = await s.t.request({
      method: 'GET',
      url: `/api/v1/orgs/${s.dev.org}/apps/${slug}`,
      headers: s.dev.who.auth,
    });
    return res.json().app.version as number;
  };

  it('a name of 64 characters is accepted and one of 65 is 422 bad_data with its pointer', async () => {
    user = await s.t.login('reader@uni.example');
    await createApp(s.t, s.dev, 'names');
    const ok = await send('names', { [`a${'-'.repeat(62)}z`]: [1], events_2026: {} });
    expect(ok.statusCode, ok.body).toBe(200);
    const long = 'a'.repeat(65);
    const refused = await send('names', { events: [], [long]: [] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      ok: false,
      error: 'bad_data',
      details: [{ pointer: `/data/${long}`, problem: 'is not a dataset name: 1 to 64 of a-z 0-9 _ -' }],
    });
    expect(refused.json().message).toContain(`/data/${long} is not a dataset name`);
  });

  it('names outside a-z 0-9 _ - and a data that is not an object are 422 bad_data, each named', async () => {
    const refused = await send('names', { Events: 1, 'a/b': 2, '': 3, café: 4 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.map((d: { pointer: string }) => d.pointer)).toEqual([
      '/data/Events',
      '/data/a~1b',
      '/data/',
      '/data/café',
    ]);
    expect(refused.json().message).toContain('(and 3 more)');
    for (const data of [[1, 2], 'events', 7]) {
      const res = await send('names', data);
      expect(res.statusCode).toBe(422);
      expect(res.json().details).toEqual([
        { pointer: '/data', problem: 'must be an object {"<name>": <JSON>}' },
      ]);
    }
    // In Russian the message changes, the code does not.
    const ru = await deploy(
      s.t,
      s.dev.token,
      { organizationId: s.dev.org, slug: 'names', screens: [screen('/')], data: { Bad: 1 } },
      { 'accept-language': 'ru' },
    );
    expect(ru.json()).toMatchObject({ error: 'bad_data' });
    expect(ru.json().message).toMatch(/^Наборы данных не составляют допустимое развёртывание/);
  });

  it('a dataset of exactly 512 KB is accepted and one byte more is 413 files_too_large', async () => {
    await createApp(s.t, s.dev, 'sizes');
    const ok = await send('sizes', { big: sized(512 * KB) });
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await send('sizes', { small: [1], big: sized(512 * KB + 1) });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      error: 'files_too_large',
      details: [
        { pointer: '/data/big', problem: 'is 524289 bytes of JSON; a dataset is at most 524288 (512 KB)' },
      ],
    });
  });

  it('the size counted is the JSON text as stored: whitespace sent is not counted, escapes are', async () => {
    // 512 KB of text once stored, sent with a megabyte of indentation.
    const spaced = `{"organizationId":${JSON.stringify(s.dev.org)},"slug":"sizes","screens":${JSON.stringify([
      screen('/'),
    ])},"data":{"big":${' '.repeat(1024 * KB)}${JSON.stringify(sized(512 * KB))}}}`;
    expect((await deploy(s.t, s.dev.token, spaced)).statusCode).toBe(200);
    // Each é is two bytes of UTF-8: counted in bytes, not characters.
    const wide = await send('sizes', { big: 'é'.repeat(256 * KB) });
    expect(wide.statusCode).toBe(413);
  });

  it('2 MB of datasets in all is accepted and one byte more is 413 files_too_large; the old version stays whole', async () => {
    await createApp(s.t, s.dev, 'total');
    const four = { a: sized(512 * KB), b: sized(512 * KB), c: sized(512 * KB), d: sized(512 * KB) };
    const ok = await send('total', four, true);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().version).toBe(1);
    const refused = await send('total', { ...four, e: 1 });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      error: 'files_too_large',
      details: [
        {
          pointer: '',
          problem: 'holds 2097153 bytes of datasets and strings; a deploy carries at most 2097152 (2 MB)',
        },
      ],
    });
    expect(await headVersion('total')).toBe(1);
    const rows = await s.t.platform.db
      .selectFrom('hostedFiles')
      .innerJoin('apps', 'apps.id', 'hostedFiles.appId')
      .select(['hostedFiles.name', 'hostedFiles.bytes', 'hostedFiles.version'])
      .where('apps.slug', '=', 'total')
      .orderBy('hostedFiles.name')
      .execute();
    expect(rows).toEqual(['a', 'b', 'c', 'd'].map((name) => ({ name, bytes: 512 * KB, version: 1 })));
  });

  it('users read the live version’s dataset; a pending version changes nothing until approved', async () => {
    await createApp(s.t, s.dev, 'events');
    expect((await send('events', { events }, true)).statusCode).toBe(200);
    // Nothing is live yet: the app itself is unavailable.
    expect((await dataset('events', 'events')).json().error).toBe('app_unavailable');
    expect((await s.decide('events', 'approve')).statusCode).toBe(200);

    const live = await dataset('events', 'events');
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toMatch(/^application\/json/);
    expect(live.json()).toEqual(events);

    expect((await send('events', { events: [{ title: 'Changed' }], rooms: ['A1'] }, true)).statusCode).toBe(
      200,
    );
    expect((await dataset('events', 'events')).json()).toEqual(events);
    const missing = await dataset('events', 'rooms');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      ok: false,
      error: 'dataset_not_found',
      details: { name: 'rooms' },
    });

    // The owner and moderators preview the pending version's datasets; an ordinary user may not.
    for (const who of [s.dev.who, s.moderator]) {
      expect((await dataset('events', 'rooms', who, { 'x-miniapps-preview': '1' })).json()).toEqual(['A1']);
      expect((await dataset('events', 'events', who, { 'x-miniapps-preview': '1' })).json()).toEqual([
        { title: 'Changed' },
      ]);
    }
    expect((await dataset('events', 'rooms', user, { 'x-miniapps-preview': '1' })).statusCode).toBe(403);

    expect((await s.decide('events', 'approve')).statusCode).toBe(200);
    expect((await dataset('events', 'rooms')).json()).toEqual(['A1']);
    expect((await dataset('events', 'events')).json()).toEqual([{ title: 'Changed' }]);
  });

  it('other api calls keep no_backend; an unknown or odd name is dataset_not_found; no token is 401', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await s.t.request({
        method,
        url: `${PROXY}/${s.dev.org}/events/api/data/events`,
        headers: user.auth,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('no_backend');
    }
    for (const path of ['/api/items', '/api/data', '/api/data/', '/api/data/events/1']) {
      const res = await s.t.request({
        method: 'GET',
        url: `${PROXY}/${s.dev.org}/events${path}`,
        headers: user.auth,
      });
      expect(res.json().error, path).toBe('no_backend');
    }
    for (const name of ['nothing', 'Events', 'ev%20ents', 'x'.repeat(65)]) {
      const res = await dataset('events', name);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error, name).toBe('dataset_not_found');
    }
    const anonymous = await s.t.request({
      method: 'GET',
      url: `${PROXY}/${s.dev.org}/events/api/data/events`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a revision keeps its datasets; restoring it brings them back as a new version', async () => {
    const listed = await s.t.request({
      method: 'GET',
      url: `/api/v1/orgs/${s.dev.org}/apps/events/revisions/1`,
      headers: s.dev.who.auth,
    });
    expect(listed.json().revision.data).toEqual({ events });
    const restored = await s.t.request({
      method: 'POST',
      url: `/api/v1/orgs/${s.dev.org}/apps/events/revisions/1/restore`,
      headers: s.dev.who.auth,
      payload: { submit: true },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, restoredFrom: 1 });
    expect((await dataset('events', 'events', s.dev.who, { 'x-miniapps-preview': '1' })).json()).toEqual(
      events,
    );
    expect((await dataset('events', 'rooms', s.dev.who, { 'x-miniapps-preview': '1' })).statusCode).toBe(404);
    // Users keep version 2 until the restore is approved.
    expect((await dataset('events', 'rooms')).json()).toEqual(['A1']);
  });

  it('the review lists each dataset with its size and what changed against the live version', async () => {
    const queue = await s.t.request({
      method: 'GET',
      url: '/api/v1/moderation/queue',
      headers: s.moderator.auth,
    });
    const entry = queue.json().queue.find((item: { slug: string }) => item.slug === 'events');
    const eventsBytes = Buffer.byteLength(JSON.stringify(events));
    expect(entry.changes.files).toEqual([
      { kind: 'data', name: 'events', bytes: eventsBytes, change: 'changed' },
      { kind: 'data', name: 'rooms', bytes: Buffer.byteLength('["A1"]'), change: 'removed' },
    ]);
  });

  it('only the head and the live version keep their datasets', async () => {
    expect((await send('events', { events: [] })).statusCode).toBe(200);
    const rows = await s.t.platform.db
      .selectFrom('hostedFiles')
      .innerJoin('apps', 'apps.id', 'hostedFiles.appId')
      .select(['hostedFiles.version', 'hostedFiles.name'])
      .where('apps.slug', '=', 'events')
      .orderBy('hostedFiles.version')
      .orderBy('hostedFiles.name')
      .execute();
    expect(rows).toEqual([
      { version: 2, name: 'events' },
      { version: 2, name: 'rooms' },
      { version: 4, name: 'events' },
    ]);
  });

  it('a deploy without data carries none, and screens-only apps behave as before', async () => {
    await createApp(s.t, s.dev, 'plain');
    const res = await s.push('plain', [screen('/')], true);
    expect(res.statusCode).toBe(200);
    await s.decide('plain', 'approve');
    expect((await dataset('plain', 'events')).json().error).toBe('dataset_not_found');
  });
});
