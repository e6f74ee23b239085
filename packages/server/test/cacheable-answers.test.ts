// Cacheable answers: hosted screens, datasets and strings, the catalog and consent carry a per-user strong ETag,
// `private, no-cache` and their Vary, answer 304 to If-None-Match, and change their tag with a new version or choice.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createApp, deploy, hostedSuite, screen } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { SignedIn } from './helpers/platform.js';
import { PROXY } from './helpers/proxy-apps.js';

const STRONG_TAG = /^"[A-Za-z0-9_-]{27}"$/;
const HOSTED_VARY = 'Authorization, X-Miniapps-Preview';
const STRINGS_VARY = 'Authorization, Accept-Language, X-Miniapps-Preview';
const USER_VARY = 'Authorization, Cookie';

const en = { title: 'Campus' };
const ru = { title: 'Кампус' };

describe.each(dialects)('cacheable answers on %s', (dialect) => {
  const s = hostedSuite(dialect);
  let ann: SignedIn;
  let ben: SignedIn;

  const get = (url: string, who: SignedIn, headers: Record<string, string> = {}) =>
    s.t.request({ method: 'GET', url, headers: { ...who.auth, ...headers } });
  const app = (path: string) => `${PROXY}/${s.dev.org}/guide/${path}`;
  const send = (label: string, submit = true) =>
    deploy(s.t, s.dev.token, {
      organizationId: s.dev.org,
      slug: 'guide',
      submit,
      screens: [screen('/', `${label} home`), screen('/more', `${label} more`)],
      data: { events: [{ title: `${label} open day` }] },
      strings: { en: { title: `${label} ${en.title}` }, ru: { title: `${label} ${ru.title}` } },
    });
  /** Each cacheable hosted route, with the Vary its answers carry and the text its body holds at a version. */
  const routes = [
    { path: 'screen/', vary: HOSTED_VARY, text: (label: string) => `${label} home` },
    { path: 'screen/more', vary: HOSTED_VARY, text: (label: string) => `${label} more` },
    { path: 'api/data/events', vary: HOSTED_VARY, text: (label: string) => `${label} open day` },
    { path: 'strings', vary: STRINGS_VARY, text: (label: string) => `${label} ${en.title}` },
  ];
  const english = { 'accept-language': 'en' };

  /** A 304 as the contract states it: no body, the same validator and caching headers as the 200. */
  function expectNotModified(
    res: LightMyRequestResponse,
    etag: string,
    vary: string,
    cacheControl = 'private, no-cache',
  ) {
    expect(res.statusCode, res.body).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(res.headers.vary).toBe(vary);
    expect(res.headers['content-type']).toBeUndefined();
  }

  it('hosted screens, datasets and strings carry a strong ETag, private no-cache and their Vary, and answer 304', async () => {
    ann = await s.t.login('ann@uni.example');
    ben = await s.t.login('ben@uni.example');
    await createApp(s.t, s.dev, 'guide', { scopes: ['email'] });
    expect((await send('v1')).statusCode).toBe(200);
    expect((await s.decide('guide', 'approve')).statusCode).toBe(200);

    for (const route of routes) {
      const first = await get(app(route.path), ann, english);
      expect(first.statusCode, route.path).toBe(200);
      expect(first.body, route.path).toContain(route.text('v1'));
      const etag = first.headers.etag as string;
      expect(etag, route.path).toMatch(STRONG_TAG);
      expect(first.headers['cache-control'], route.path).toBe('private, no-cache');
      expect(first.headers.vary, route.path).toBe(route.vary);

      // The tag itself, its weak form, a list naming it, and `*` all match (RFC 9110's weak comparison).
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, ` "a,b" ,, W/${etag} `, '*']) {
        expectNotModified(
          await get(app(route.path), ann, { ...english, 'if-none-match': header }),
          etag,
          route.vary,
        );
      }
      // Another tag, or a header that is no list of tags, gets the whole answer.
      for (const header of ['"other"', etag.slice(1, -1), `${etag} junk`, `${etag}"`]) {
        const whole = await get(app(route.path), ann, { ...english, 'if-none-match': header });
        expect(whole.statusCode, header).toBe(200);
        expect(whole.body).toBe(first.body);
      }
    }
  });

  it("another user sending a user's tag gets the whole answer, with a tag of their own", async () => {
    for (const route of routes) {
      const anns = await get(app(route.path), ann, english);
      const bens = await get(app(route.path), ben, {
        ...english,
        'if-none-match': anns.headers.etag as string,
      });
      expect(bens.statusCode, route.path).toBe(200);
      expect(bens.body).toBe(anns.body);
      expect(bens.headers.etag).toMatch(STRONG_TAG);
      expect(bens.headers.etag).not.toBe(anns.headers.etag);
      expect(
        (await get(app(route.path), ben, { ...english, 'if-none-match': bens.headers.etag as string }))
          .statusCode,
      ).toBe(304);
    }
  });

  it('strings are tagged by the locale they are in: another language gets its own answer', async () => {
    const russian = await get(app('strings'), ann, { 'accept-language': 'ru-RU,ru;q=0.9' });
    const englishAnswer = await get(app('strings'), ann, english);
    expect(russian.json().locale).toBe('ru');
    expect(russian.headers.etag).not.toBe(englishAnswer.headers.etag);
    const crossed = await get(app('strings'), ann, {
      ...english,
      'if-none-match': russian.headers.etag as string,
    });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json()).toMatchObject({ locale: 'en', strings: { title: `v1 ${en.title}` } });
    // Another way of asking for the same locale is the same answer.
    const same = await get(app('strings'), ann, {
      'accept-language': 'ru',
      'if-none-match': russian.headers.etag as string,
    });
    expectNotModified(same, russian.headers.etag as string, STRINGS_VARY);
  });

  it('a new version changes every tag once it is live, not before: the old tag then gets the new answer', async () => {
    const before = new Map<string, string>();
    for (const route of routes)
      before.set(route.path, (await get(app(route.path), ann, english)).headers.etag as string);

    // Waiting for review, the live version stays: the tags still hold.
    expect((await send('v2')).statusCode).toBe(200);
    for (const route of routes) {
      const res = await get(app(route.path), ann, { ...english, 'if-none-match': before.get(route.path)! });
      expect(res.statusCode, route.path).toBe(304);
    }

    expect((await s.decide('guide', 'approve')).statusCode).toBe(200);
    for (const route of routes) {
      const res = await get(app(route.path), ann, { ...english, 'if-none-match': before.get(route.path)! });
      expect(res.statusCode, route.path).toBe(200);
      expect(res.body, route.path).toContain(route.text('v2'));
      expect(res.headers.etag, route.path).not.toBe(before.get(route.path));
    }
  });

  it('a refusal keeps no-store and no tag, whatever If-None-Match says', async () => {
    const missing = await get(app('screen/nowhere'), ann, { 'if-none-match': '*' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
    expect(missing.headers.etag).toBeUndefined();
    const noDataset = await get(app('api/data/none'), ann, { 'if-none-match': '*' });
    expect(noDataset.statusCode).toBe(404);
    expect(noDataset.headers.etag).toBeUndefined();
  });

  it('the catalog and one of its apps: a per-user tag, 304, and a new tag with the new version', async () => {
    for (const url of ['/api/v1/catalog', `/api/v1/catalog/${s.dev.org}/guide`]) {
      const first = await get(url, ann);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(STRONG_TAG);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.headers.vary).toBe(USER_VARY);
      expectNotModified(await get(url, ann, { 'if-none-match': etag }), etag, USER_VARY);

      const bens = await get(url, ben, { 'if-none-match': etag });
      expect(bens.statusCode, url).toBe(200);
      expect(bens.body).toBe(first.body);
      expect(bens.headers.etag).not.toBe(etag);
    }

    const before = await get(`/api/v1/catalog/${s.dev.org}/guide`, ann);
    expect((await send('v3')).statusCode).toBe(200);
    expect((await s.decide('guide', 'approve')).statusCode).toBe(200);
    const after = await get(`/api/v1/catalog/${s.dev.org}/guide`, ann, {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().app.version).toBe(before.json().app.version + 1);
  });

  it('consent: a per-user tag and 304; granting and revoking change it', async () => {
    const url = `/api/v1/me/apps/${s.dev.org}/guide/consent`;
    const put = (scopes: string[]) =>
      s.t.request({ method: 'PUT', url, headers: ann.auth, payload: { scopes } });

    const none = await get(url, ann);
    expect(none.statusCode).toBe(200);
    expect(none.headers.etag).toMatch(STRONG_TAG);
    expect(none.headers['cache-control']).toBe('private, no-cache');
    expect(none.headers.vary).toBe(USER_VARY);
    expectNotModified(
      await get(url, ann, { 'if-none-match': none.headers.etag as string }),
      none.headers.etag as string,
      USER_VARY,
    );
    // Ben has made no choice either, so his body is the same as Ann's was; the tag is still his own.
    const bens = await get(url, ben, { 'if-none-match': none.headers.etag as string });
    expect(bens.statusCode).toBe(200);
    expect(bens.body).toBe(none.body);

    expect((await put(['email'])).statusCode).toBe(200);
    const granted = await get(url, ann, { 'if-none-match': none.headers.etag as string });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().scopes).toEqual(['email']);
    expect((await get(url, ann, { 'if-none-match': granted.headers.etag as string })).statusCode).toBe(304);

    expect((await put([])).statusCode).toBe(200);
    const revoked = await get(url, ann, { 'if-none-match': granted.headers.etag as string });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().scopes).toEqual([]);
    expect(revoked.headers.etag).not.toBe(granted.headers.etag);
    expect(revoked.headers.etag).not.toBe(none.headers.etag);
  });

  it("a preview is the head's answer with the head's tag: the live tag does not hold for it", async () => {
    const dev = s.dev.who;
    const live = await get(app('screen/'), dev);
    expect((await send('v4', false)).statusCode).toBe(200);
    const preview = { 'x-miniapps-preview': '1', 'if-none-match': live.headers.etag as string };
    const head = await get(app('screen/'), dev, preview);
    expect(head.statusCode).toBe(200);
    expect(head.body).toContain('v4 home');
    expect(
      (await get(app('screen/'), dev, { 'if-none-match': live.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('a PUT of consent is no cacheable answer', async () => {
    const res = await s.t.request({
      method: 'PUT',
      url: `/api/v1/me/apps/${s.dev.org}/guide/consent`,
      headers: { ...ann.auth, 'if-none-match': '*' },
      payload: { scopes: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });
});
