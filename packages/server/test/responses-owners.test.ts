// The members' side of form responses: pages newest first with a date filter and a cursor, one response, deleting
// one or a whole form, the app's deletion taking its responses; every route 404 to anyone outside the organization.
import { responseEndpoints, responseFormEndpoints } from '@miniapps/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { sweepResponses } from '../src/responses/retention.js';
import { parseCsv } from './helpers/csv.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';
import { FIXED_HEADINGS_RU } from './helpers/response-forms.js';

const form = (name: string) => ({
  type: 'screen',
  children: [
    {
      type: 'form',
      id: name,
      collect: { name },
      children: [{ type: 'textField', name: 'fullName', label: 'Имя участника', required: true }],
    },
  ],
});

describe.each(dialects)("the owners' responses API on %s", (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let ann: SignedIn;
  let eve: SignedIn;
  let clock: ManualClock;
  const ids: string[] = [];
  const base = '/api/v1/orgs/acme/apps/events/responses';

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    clock = new ManualClock(Date.parse('2026-08-01T00:00:00Z'));
    t.platform.clock = clock;
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    eve = await t.login('eve@uni.example');
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'events',
      live: [
        { path: '/', json: form('signup') },
        { path: '/b', json: form('survey') },
      ],
    });
    // Eve runs an organization of her own: a member elsewhere is a stranger here.
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: eve.auth,
      payload: { id: 'evil', name: 'evil' },
    });
    for (let i = 0; i < 5; i++) {
      const res = await t.request({
        method: 'POST',
        url: `${PROXY}/acme/events/responses/${i < 3 ? 'signup' : 'survey'}`,
        headers: { ...ann.auth, 'content-type': 'application/json' },
        payload: { fullName: `Анна ${i}` },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
      clock.advance(24 * 3600 * 1000);
    }
  }, 60_000);
  afterAll(() => t.close());

  const get = (who: SignedIn, url: string) => t.request({ method: 'GET', url, headers: who.auth });

  it('lists responses newest first, a page at a time, by form and by date', async () => {
    const first = (await get(dev, `${base}?limit=2`)).json();
    expect(first.responses.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3]]);
    expect(first.responses[0]).toMatchObject({
      form: 'survey',
      appVersion: 1,
      values: { fullName: 'Анна 4' },
      profile: {},
    });
    expect(first.responses[0].appUserId).not.toBe(ann.user.id);
    const second = (await get(dev, `${base}?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.responses.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    const last = (await get(dev, `${base}?limit=2&cursor=${second.nextCursor}`)).json();
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.responses.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    const signup = (await get(dev, `${base}?form=signup`)).json().responses;
    expect(signup).toHaveLength(3);
    const days = (await get(dev, `${base}?from=2026-08-02&to=2026-08-04`)).json().responses;
    expect(days.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
  });

  it("exports a form as CSV with a BOM, headings in the caller's language and Cyrillic intact, and audits it", async () => {
    await t.request({
      method: 'POST',
      url: `${PROXY}/acme/events/responses/survey`,
      headers: { ...dev.auth, 'content-type': 'application/json' },
      payload: { fullName: '=HYPERLINK("x"), "Ёж"\nвторая строка' },
    });
    const res = await t.request({
      method: 'GET',
      url: `${base}/export?form=survey&format=csv`,
      headers: { ...dev.auth, 'accept-language': 'ru' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="events-survey.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual([...FIXED_HEADINGS_RU, 'Имя участника']);
    expect(rows.slice(1).map((row) => row[9])).toEqual([
      'Анна 3',
      'Анна 4',
      '\'=HYPERLINK("x"), "Ёж"\nвторая строка',
    ]);
    expect(rows[1]![0]).toBe(ids[3]);
    const english = await t.request({ method: 'GET', url: `${base}/export?form=survey`, headers: dev.auth });
    expect(parseCsv(english.body.slice(1))[0]!.slice(0, 2)).toEqual(['Response', 'Sent at (UTC)']);
    const audit = await t.platform.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'details'])
      .where('action', '=', 'export_responses')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorId: dev.user.id });
    expect(JSON.parse(audit[0]!.details!)).toEqual({ form: 'survey', format: 'csv' });
    for (const query of ['form=survey&format=pdf', 'format=csv']) {
      expect((await get(dev, `${base}/export?${query}`)).statusCode, query).toBe(400);
    }
    await t.platform.db.deleteFrom('formResponses').where('userId', '=', dev.user.id).execute();
  });

  it('refuses a bad cursor, a bad date and a limit past 100 with 400', async () => {
    for (const query of ['cursor=nope', 'from=yesterday', 'limit=101', 'limit=0']) {
      const res = await get(dev, `${base}?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await get(dev, `${base}?limit=100`)).statusCode).toBe(200);
  });

  it('reads one response and deletes one, then a whole form', async () => {
    expect((await get(dev, `${base}/${ids[0]}`)).json().response).toMatchObject({
      id: ids[0],
      form: 'signup',
    });
    expect(
      (await t.request({ method: 'DELETE', url: `${base}/${ids[0]}`, headers: dev.auth })).statusCode,
    ).toBe(200);
    expect((await get(dev, `${base}/${ids[0]}`)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `${base}/${ids[0]}`, headers: dev.auth })).statusCode,
    ).toBe(404);
    const all = await t.request({ method: 'DELETE', url: `${base}?form=signup`, headers: dev.auth });
    expect(all.json()).toEqual({ ok: true, deleted: 2 });
    expect((await get(dev, `${base}?form=signup`)).json().responses).toEqual([]);
    expect((await get(dev, `${base}?form=survey`)).json().responses).toHaveLength(2);
  });

  it('answers 404 on every route to a user outside the organization, and 401 without a token', async () => {
    // Every route of the contract's responses tables, so a route added later is covered by construction.
    const routes = Object.keys({ ...responseEndpoints, ...responseFormEndpoints }).flatMap((key) => {
      const [method, path] = key.split(' ') as ['GET' | 'DELETE', string];
      const url = path
        .replace(':org', 'acme')
        .replace(':slug', 'events')
        .replace(':id', ids[4]!)
        .replace(':file', 'rfl_1');
      const query = path.endsWith('/export')
        ? ['?form=survey', '?form=survey&format=xlsx']
        : ['?form=survey'];
      return query.map((q) => [method, `${url}${q}`] as const);
    });
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const [method, url] of routes) {
      for (const who of [ann, eve]) {
        const res = await t.request({ method, url, headers: who.auth });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await t.request({ method, url })).statusCode).toBe(401);
    }
    expect((await get(dev, `${base}?form=survey`)).json().responses).toHaveLength(2);
  });

  it("deletes responses past the app's retention (365 days unless set), and no others", async () => {
    const before = await t.platform.db.selectFrom('formResponses').select(['id', 'createdAt']).execute();
    expect(before).toHaveLength(2);
    const day = 24 * 3600 * 1000;
    const oldest = Math.min(...before.map((r) => Date.parse(r.createdAt)));
    // At exactly 365 days the response is kept; a millisecond later it goes.
    expect(await sweepResponses(t.platform.db, oldest + 365 * day)).toBe(0);
    expect(await sweepResponses(t.platform.db, oldest + 365 * day + 1)).toBe(1);
    expect(await t.platform.db.selectFrom('formResponses').select('id').execute()).toHaveLength(1);
    // An app keeping responses 1 day: the other one (a day younger) goes a day after it was sent.
    await t.platform.db
      .updateTable('apps')
      .set({ responseRetentionDays: 1 })
      .where('slug', '=', 'events')
      .execute();
    expect(await sweepResponses(t.platform.db, oldest + day * 2)).toBe(0);
    expect(await sweepResponses(t.platform.db, oldest + day * 2 + 1)).toBe(1);
  });

  it("deletes the app's responses with the app", async () => {
    await t.request({
      method: 'POST',
      url: `${PROXY}/acme/events/responses/survey`,
      headers: { ...ann.auth, 'content-type': 'application/json' },
      payload: { fullName: 'late' },
    });
    // No route deletes an app yet: its row going (as an operator's deletion does) takes the responses along.
    expect(await t.platform.db.selectFrom('formResponses').select('id').execute()).toHaveLength(1);
    await t.platform.db
      .deleteFrom('apps')
      .where('organizationId', '=', 'acme')
      .where('slug', '=', 'events')
      .execute();
    expect(await t.platform.db.selectFrom('formResponses').select('id').execute()).toEqual([]);
  });
});
