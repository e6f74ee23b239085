// Form responses through the proxy as a hosted screen sends them: checked as the screen states its inputs, kept
// under the collection's rules (exact under parallel submits and across two nodes), read back as aggregates only.
import { MAX_RESPONSE_BYTES } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startSecondNode, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { grant, hostedApp, PROXY, remoteApp } from './helpers/proxy-apps.js';

const CLOSES = '2026-09-01T18:00:00Z';

function formScreen(collect: Record<string, unknown>, id = 'f') {
  return {
    type: 'screen',
    children: [
      {
        type: 'form',
        id,
        collect,
        children: [
          { type: 'textField', name: 'fullName', label: 'Имя', required: true, maxLength: 20 },
          { type: 'textField', name: 'age', inputType: 'number' },
          { type: 'textField', name: 'day', inputType: 'date', min: '2026-09-01', max: '2026-09-30' },
          { type: 'textField', name: 'note', inputType: 'multiline' },
          {
            type: 'select',
            name: 'track',
            required: true,
            options: [
              { label: 'A', value: 'a' },
              { label: 'B', value: 'b' },
            ],
          },
          { type: 'checkbox', name: 'agree' },
          { type: 'button', label: 'Send', onTap: { actionType: 'submitForm', target: 'responses' } },
        ],
      },
    ],
  };
}

const screens = [
  { path: '/', json: formScreen({ name: 'signup', capacity: 40, maxPerUser: 1 }) },
  {
    path: '/vote',
    json: formScreen(
      { name: 'vote', maxPerUser: 1, closesAt: CLOSES, closedMessage: 'Голосование закрыто' },
      'v',
    ),
  },
  { path: '/survey', json: formScreen({ name: 'survey', allowEdit: true }, 's') },
  { path: '/free', json: formScreen({ name: 'free' }, 'x') },
];

describe.each(dialects)('form responses through the proxy on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let ann: SignedIn;
  let ben: SignedIn;
  let clock: ManualClock;
  let eventsId: string;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    clock = new ManualClock(Date.parse('2026-08-01T00:00:00Z'));
    t.platform.clock = clock;
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example', { fullName: 'Анна Петрова', course: '2', group: 'ИВТ-21' });
    ben = await t.login('ben@uni.example', { fullName: 'Ben' });
    eventsId = await hostedApp(t, dev, { org: 'acme', slug: 'events', live: screens });
    await t.platform.db
      .updateTable('apps')
      .set({ liveScopes: JSON.stringify(['email', 'profile']), scopes: JSON.stringify(['email', 'profile']) })
      .where('id', '=', eventsId)
      .execute();
    await grant(t, ann, 'acme', 'events', ['email', 'profile']);
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'other',
      live: [{ path: '/', json: formScreen({ name: 'signup' }) }],
    });
    await remoteApp(t, dev, { org: 'acme', slug: 'remote', origin: 'https://origin.test' });
  }, 60_000);
  afterAll(() => t.close());

  const send = (
    who: SignedIn,
    path: string,
    body: unknown,
    method: 'POST' | 'PUT' = 'POST',
    app = 'events',
  ) =>
    t.request({
      method,
      url: `${PROXY}/acme/${app}/responses/${path}`,
      headers: { ...who.auth, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const read = (who: SignedIn, path: string, app = 'events') =>
    t.request({ method: 'GET', url: `${PROXY}/acme/${app}/responses/${path}`, headers: who.auth });
  const stored = (form: string) =>
    t.platform.db
      .selectFrom('formResponses')
      .selectAll()
      .where('appId', '=', eventsId)
      .where('form', '=', form)
      .execute();

  it('stores a response typed as its inputs, with the app version, time, app-user id and granted profile only', async () => {
    const res = await send(ann, 'free', {
      fullName: 'Анна',
      age: '19',
      day: '2026-09-02',
      track: 'b',
      agree: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      values: { fullName: 'Анна', age: 19, day: '2026-09-02', track: 'b', agree: true },
    });
    expect(body.id).toMatch(/^rsp_[A-Za-z0-9_-]{16}$/);
    const [row] = await stored('free');
    expect(row).toMatchObject({
      id: body.id,
      appVersion: 1,
      userId: ann.user.id,
      createdAt: '2026-08-01T00:00:00.000Z',
    });
    expect(row!.appUserId).not.toContain(ann.user.id);
    // Granted email and profile (name, course); the group was not declared, so it is not kept.
    expect(JSON.parse(row!.profile)).toEqual({ email: 'ann@uni.example', name: 'Анна Петрова', course: '2' });
    // Ben granted nothing: nothing of his profile is kept.
    expect((await send(ben, 'free', { fullName: 'Ben', track: 'a' })).statusCode).toBe(201);
    expect(JSON.parse((await stored('free')).find((r) => r.userId === ben.user.id)!.profile)).toEqual({});
  });

  it('writes a response.created webhook event with each kept response, and none for a refused one', async () => {
    const at = new Date().toISOString();
    await t.platform.db
      .insertInto('webhookEndpoints')
      .values({
        id: 'whk_responses',
        appId: eventsId,
        url: 'https://hooks.invalid/x',
        events: JSON.stringify(['response.created']),
        secretEnc: 'x',
        failingSince: null,
        disabledAt: null,
        disabledReason: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    const kept = (await send(ben, 'free', { fullName: 'Ben', track: 'b' })).json();
    expect((await send(ben, 'free', { track: 'nope' })).statusCode).toBe(422);
    const deliveries = await t.platform.db
      .selectFrom('webhookDeliveries')
      .select(['type', 'body'])
      .where('endpointId', '=', 'whk_responses')
      .execute();
    expect(deliveries.map((d) => d.type)).toEqual(['response.created']);
    expect(JSON.parse(deliveries[0]!.body).data).toEqual({
      app: { id: eventsId, organizationId: 'acme', slug: 'events' },
      form: 'free',
      responseId: kept.id,
      appVersion: 1,
    });
    await t.platform.db.deleteFrom('webhookEndpoints').where('id', '=', 'whk_responses').execute();
  });

  it('refuses a bad response with 422 and a pointer to each field at fault, storing nothing', async () => {
    const before = (await stored('free')).length;
    const res = await send(ben, 'free', {
      fullName: 'x'.repeat(21),
      age: 'ten',
      day: '2026-10-01',
      track: 'c',
      agree: 'yes',
      'a/b': 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ ok: false, error: 'validation_failed' });
    expect(res.json().details).toEqual([
      { in: 'body', pointer: '/a~1b', problem: 'unknown_field' },
      { in: 'body', pointer: '/fullName', problem: 'too_long', max: 20 },
      { in: 'body', pointer: '/age', problem: 'not_a_number' },
      { in: 'body', pointer: '/day', problem: 'after_max', max: '2026-09-30' },
      { in: 'body', pointer: '/track', problem: 'not_an_option' },
      { in: 'body', pointer: '/agree', problem: 'not_a_boolean' },
    ]);
    const missing = await send(ben, 'free', { fullName: '', day: '2026-02-30' });
    expect(missing.json().details).toEqual([
      { in: 'body', pointer: '/fullName', problem: 'required' },
      { in: 'body', pointer: '/day', problem: 'bad_format' },
      { in: 'body', pointer: '/track', problem: 'required' },
    ]);
    // At the edge: 20 characters pass.
    expect((await send(ben, 'free', { fullName: 'x'.repeat(20), track: 'a' })).statusCode).toBe(201);
    expect((await stored('free')).length).toBe(before + 1);
  });

  it('refuses what is not one JSON object, a NUL, and deep nesting with 400', async () => {
    for (const body of [
      '{nope',
      '[1]',
      '"text"',
      '{"fullName":"a\\u0000b","track":"a"}',
      '{"track":[[["a"]]]}',
    ]) {
      const res = await send(ben, 'free', body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error).toBe('bad_request');
    }
  });

  it('keeps a response of exactly 64 KB of values and refuses one byte more with 413, storing nothing', async () => {
    const dana = await t.login('dana@uni.example');
    const overhead = JSON.stringify({ fullName: 'D', note: '', track: 'a' }).length;
    const note = (extra: number) => 'x'.repeat(MAX_RESPONSE_BYTES - overhead + extra);
    const over = await send(dana, 'free', { fullName: 'D', note: note(1), track: 'a' });
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toBe('payload_too_large');
    expect((await stored('free')).filter((r) => r.userId === dana.user.id)).toHaveLength(0);
    const at = await send(dana, 'free', { fullName: 'D', note: note(0), track: 'a' });
    expect(at.statusCode, at.body).toBe(201);
  });

  it('stores exactly 40 of 100 parallel submissions at capacity 40; the 41st hears "full"', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, (_, i) => t.login(`s${i}@uni.example`)));
    const answers = await Promise.all(users.map((u) => send(u, 'signup', { fullName: 'S', track: 'a' })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(40);
    expect(statuses.filter((s) => s === 409)).toHaveLength(60);
    const full = answers.find((r) => r.statusCode === 409)!;
    expect(full.json()).toMatchObject({
      error: 'form_full',
      message: 'All 40 places are taken.',
      details: { capacity: 40 },
    });
    expect(await stored('signup')).toHaveLength(40);
    const ru = await t.request({
      method: 'POST',
      url: `${PROXY}/acme/events/responses/signup`,
      headers: { ...ben.auth, 'content-type': 'application/json', 'accept-language': 'ru' },
      payload: { fullName: 'B', track: 'a' },
    });
    expect(ru.json().message).toBe('Все места заняты (40 мест).');
    const seen = (await read(ben, 'signup')).json();
    expect(seen).toMatchObject({
      count: 40,
      left: 0,
      closed: false,
      counts: { track: { a: 40, b: 0 } },
      mine: null,
    });
  }, 120_000);

  it('keeps one response per user under maxPerUser 1, however many are sent at once', async () => {
    const cat = await t.login('cat@uni.example');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send(cat, 'vote', { fullName: 'C', track: 'b' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().error)).toEqual(
      Array(9).fill('response_limit'),
    );
    expect((await stored('vote')).filter((r) => r.userId === cat.user.id)).toHaveLength(1);
    // The 11th in the minute is over the rate: 429 with Retry-After.
    const over = await send(cat, 'vote', { fullName: 'C', track: 'b' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('refuses a closed form with its own message, from closesAt on', async () => {
    clock.advance(Date.parse(CLOSES) - clock.now() - 1);
    expect((await send(ann, 'vote', { fullName: 'A', track: 'a' })).statusCode).toBe(201);
    clock.advance(1);
    const res = await send(ben, 'vote', { fullName: 'B', track: 'a' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      ok: false,
      error: 'form_closed',
      message: 'Голосование закрыто',
      details: { closesAt: '2026-09-01T18:00:00.000Z' },
    });
    expect((await read(ben, 'vote')).json().closed).toBe(true);
  });

  it("lets a user change their own response where allowEdit is on, and nobody else's", async () => {
    const first = (await send(ann, 'survey', { fullName: 'A', track: 'a' })).json();
    const edited = await send(ann, `survey/${first.id}`, { fullName: 'A2', track: 'b' }, 'PUT');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: first.id, values: { fullName: 'A2', track: 'b' } });
    expect((await read(ann, 'survey')).json().mine).toMatchObject({
      id: first.id,
      values: { fullName: 'A2', track: 'b' },
    });
    // Another user's id is not found, as an id that does not exist; a form without allowEdit refuses.
    expect((await send(ben, `survey/${first.id}`, { fullName: 'B', track: 'a' }, 'PUT')).statusCode).toBe(
      404,
    );
    expect(
      (await send(ann, 'survey/rsp_AAAAAAAAAAAAAAAA', { fullName: 'B', track: 'a' }, 'PUT')).statusCode,
    ).toBe(404);
    const free = (await stored('free')).find((r) => r.userId === ann.user.id)!;
    const refused = await send(ann, `free/${free.id}`, { fullName: 'B', track: 'a' }, 'PUT');
    expect(refused.statusCode).toBe(403);
    // Ben reads the aggregates: his own response only, never Ann's values.
    const seen = (await read(ben, 'survey')).json();
    expect(seen).toEqual({
      ok: true,
      count: 1,
      left: null,
      closed: false,
      counts: { track: { a: 0, b: 1 }, agree: { true: 0, false: 0 } },
      mine: null,
    });
  });

  it('keeps apps, collections and paths apart; remote apps keep no responses', async () => {
    expect((await send(ann, 'nothing', { track: 'a' })).json().error).toBe('collection_not_found');
    for (const path of ['Signup', '%73ignup', 'signup%00', '..%2Fsignup', 'signup/rsp_x/more']) {
      const res = await send(ann, path, { fullName: 'A', track: 'a' });
      expect([400, 404], path).toContain(res.statusCode);
    }
    // The same name in another app is another collection.
    expect((await read(ann, 'signup', 'other')).json()).toMatchObject({ count: 0 });
    expect((await send(ann, 'signup', { fullName: 'A', track: 'a' }, 'POST', 'remote')).json().error).toBe(
      'no_backend',
    );
    const anonymous = await t.request({ method: 'GET', url: `${PROXY}/acme/events/responses/signup` });
    expect(anonymous.statusCode).toBe(401);
    const del = await t.request({
      method: 'DELETE',
      url: `${PROXY}/acme/events/responses/signup`,
      headers: ann.auth,
    });
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow).toBe('GET, POST, PUT');
  });

  it('stores exactly the capacity when two nodes on one database take the submissions', async () => {
    if (dialect !== 'postgres') return;
    const b = await startSecondNode(t, {});
    try {
      await hostedApp(t, dev, {
        org: 'acme',
        slug: 'twonodes',
        live: [{ path: '/', json: formScreen({ name: 'seats', capacity: 25 }) }],
      });
      const users = await Promise.all(Array.from({ length: 60 }, (_, i) => t.login(`n${i}@uni.example`)));
      // A node out of database connections answers 503 (a loaded machine can make a request wait past the pool's
      // timeout); a client sends that one again, as here, so every user ends with a verdict.
      const submit = async (u: (typeof users)[number], i: number) => {
        for (let attempt = 0; ; attempt++) {
          const res = await (i % 2 === 0 ? t.app : b.app).inject({
            method: 'POST',
            url: `${PROXY}/acme/twonodes/responses/seats`,
            headers: { ...u.auth, 'content-type': 'application/json' },
            payload: { fullName: 'N', track: 'a' },
          });
          if (res.statusCode !== 503 || attempt === 3) return res;
        }
      };
      const answers = await Promise.all(users.map(submit));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(25);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(35);
    } finally {
      await b.app.close();
      await b.platform.close();
    }
  }, 120_000);
});
