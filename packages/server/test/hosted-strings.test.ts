// Localizable hosted apps: strings per locale deployed beside the screens at their limits' edges,
// served in the user's language (Accept-Language, then the app's first locale), missing keys reported by pointer.
import { describe, expect, it } from 'vitest';
import { createApp, deploy, hostedSuite } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import type { SignedIn } from './helpers/platform.js';
import { PROXY } from './helpers/proxy-apps.js';

const home = {
  type: 'screen',
  title: '${t.title}',
  children: [
    { type: 'text', text: '${t.greeting}, ${launch.locale}' },
    { type: 'button', label: '${t.open}', onTap: { actionType: 'showToast', message: '${t.opened}' } },
  ],
};
const en = { title: 'Campus', greeting: 'Hello', open: 'Open', opened: 'Opened' };
const ru = { title: 'Кампус', greeting: 'Привет', open: 'Открыть', opened: 'Открыто' };

describe.each(dialects)('hosted strings on %s', (dialect) => {
  const s = hostedSuite(dialect);
  let user: SignedIn;

  const send = (
    slug: string,
    strings: unknown,
    submit = false,
    screens: unknown = [{ path: '/', json: home }],
  ) => deploy(s.t, s.dev.token, { organizationId: s.dev.org, slug, submit, screens, strings });
  const stringsOf = (slug: string, language?: string, who?: SignedIn, headers: Record<string, string> = {}) =>
    s.t.request({
      method: 'GET',
      url: `${PROXY}/${s.dev.org}/${slug}/strings`,
      headers: { ...(who ?? user).auth, ...(language && { 'accept-language': language }), ...headers },
    });

  it('serves the strings of the language asked for, else of the same language, else the app’s first locale', async () => {
    user = await s.t.login('reader@uni.example');
    await createApp(s.t, s.dev, 'guide');
    const res = await send('guide', { ru, en, 'pt-BR': { ...en, title: 'Câmpus' } }, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().validation.bindingErrors).toEqual([]);
    await s.decide('guide', 'approve');

    const cases: [string | undefined, string][] = [
      ['ru-RU,ru;q=0.9,en;q=0.8', 'ru'],
      ['en-GB,en;q=0.9', 'en'],
      ['de-DE,de;q=0.9,en;q=0.5', 'en'],
      ['pt', 'pt-BR'],
      ['pt-PT,pt;q=0.9', 'pt-BR'],
      ['ru;q=0, en', 'en'],
      ['de', 'ru'],
      [undefined, 'ru'],
      ['x'.repeat(600), 'ru'],
    ];
    for (const [language, locale] of cases) {
      const answer = await stringsOf('guide', language);
      expect(answer.statusCode, language).toBe(200);
      expect(answer.json(), language).toMatchObject({ ok: true, locale, locales: ['ru', 'en', 'pt-BR'] });
    }
    expect((await stringsOf('guide', 'en')).json().strings).toEqual(en);
    expect((await stringsOf('guide', 'ru')).json().strings).toEqual(ru);
    expect((await stringsOf('guide', 'ru')).headers['cache-control']).toBe('private, no-cache');
  });

  it('users keep the live version’s strings while a new one waits; the owner previews it', async () => {
    expect((await send('guide', { en: { ...en, title: 'New campus' } }, true)).statusCode).toBe(200);
    expect((await stringsOf('guide', 'en')).json().strings.title).toBe('Campus');
    const preview = await stringsOf('guide', 'ru', s.dev.who, { 'x-miniapps-preview': '1' });
    expect(preview.json()).toMatchObject({ locale: 'en', locales: ['en'], strings: { title: 'New campus' } });
  });

  it('an app without strings answers locale null and none; other methods and paths are refused', async () => {
    await createApp(s.t, s.dev, 'plain');
    expect(
      (await send('plain', undefined, true, [{ path: '/', json: { type: 'screen', children: [] } }]))
        .statusCode,
    ).toBe(200);
    await s.decide('plain', 'approve');
    expect((await stringsOf('plain', 'ru')).json()).toEqual({
      ok: true,
      locale: null,
      locales: [],
      strings: {},
    });
    const post = await s.t.request({
      method: 'POST',
      url: `${PROXY}/${s.dev.org}/plain/strings`,
      headers: user.auth,
    });
    expect(post.statusCode).toBe(405);
    const deeper = await s.t.request({
      method: 'GET',
      url: `${PROXY}/${s.dev.org}/plain/strings/ru`,
      headers: user.auth,
    });
    expect(deeper.statusCode).toBe(404);
    const anonymous = await s.t.request({ method: 'GET', url: `${PROXY}/${s.dev.org}/plain/strings` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reports each key a screen uses but a locale lacks, with the pointer of the text; the deploy goes ahead', async () => {
    await createApp(s.t, s.dev, 'partial');
    const res = await send('partial', { en, ru: { title: 'Кампус', greeting: 'Привет', open: 'Открыть' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().validation.bindingErrors).toEqual([
      {
        pointer: '/screens/0/json/children/1/onTap/message',
        code: 'missing_string',
        message: '"t.opened" is missing in locale "ru"',
      },
    ]);
    const none = await send('partial', undefined);
    expect(none.json().validation.bindingErrors).toHaveLength(4);
    expect(none.json().validation.bindingErrors[0]).toEqual({
      pointer: '/screens/0/json/title',
      code: 'missing_string',
      message: '"t.title" is used but the app has no strings',
    });
  });

  it('locale tags: en, ru, pt-BR are taken; EN, en_US, english, pt-br are 422 bad_strings with pointers', async () => {
    const ok = await send('partial', { en, ru, 'pt-BR': en, zh: en, fil: en });
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await send('partial', { EN: en, en_US: en, english: en, 'pt-br': en });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'bad_strings' });
    expect(refused.json().details.map((d: { pointer: string }) => d.pointer)).toEqual([
      '/strings/EN',
      '/strings/en_US',
      '/strings/english',
      '/strings/pt-br',
    ]);
  });

  it('20 locales are taken and 21 refused', async () => {
    const tags = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`l${String.fromCharCode(97 + i)}`, en]));
    expect((await send('partial', tags(20))).statusCode).toBe(200);
    const refused = await send('partial', tags(21));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([
      { pointer: '/strings', problem: 'holds 21 locales; an app has at most 20' },
    ]);
  });

  it('keys: 64 characters taken, 65 refused, as are dots and a leading digit; texts must be strings', async () => {
    const key64 = `k${'x'.repeat(63)}`;
    expect((await send('partial', { en: { ...en, [key64]: 'x' } })).statusCode).toBe(200);
    const refused = await send('partial', {
      en: { ...en, [`${key64}x`]: 'x', 'a.b': 'x', '1st': 'x', n: 1 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([
      {
        pointer: `/strings/en/${key64}x`,
        problem: 'is not a key: a letter, then up to 63 letters, digits or _',
      },
      { pointer: '/strings/en/a.b', problem: 'is not a key: a letter, then up to 63 letters, digits or _' },
      { pointer: '/strings/en/1st', problem: 'is not a key: a letter, then up to 63 letters, digits or _' },
      { pointer: '/strings/en/n', problem: 'must be a string' },
    ]);
    for (const value of ['en', [en], null]) {
      const bad = await send('partial', { en: value });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().details.at(-1)).toEqual({
        pointer: '/strings/en',
        problem: 'must be an object {"<key>": "<text>"}',
      });
    }
    expect((await send('partial', ['en'])).json().details).toEqual([
      { pointer: '/strings', problem: 'must be an object {"<locale>": {"<key>": "<text>"}}' },
    ]);
  });

  it('texts of 4096 characters are taken and 4097 refused; 2000 keys taken and 2001 refused', async () => {
    expect((await send('partial', { en: { ...en, long: 'я'.repeat(4096) } })).statusCode).toBe(200);
    const long = await send('partial', { en: { ...en, long: 'я'.repeat(4097) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().details).toEqual([
      { pointer: '/strings/en/long', problem: 'is 4097 characters long; a text is at most 4096' },
    ]);
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'x']));
    expect((await send('partial', { en: { ...en, ...keys(1996) } })).statusCode).toBe(200);
    const many = await send('partial', { en: { ...en, ...keys(1997) } });
    expect(many.statusCode).toBe(422);
    expect(many.json().details[0]).toEqual({
      pointer: '/strings/en',
      problem: 'holds 2001 keys; a locale holds at most 2000',
    });
  });

  it('strings count in the 2 MB of files with the datasets', async () => {
    const stringsText = JSON.stringify(en);
    const rest = 2 * 1024 * 1024 - Buffer.byteLength(stringsText);
    const data = {
      a: 'x'.repeat(512 * 1024 - 2),
      b: 'x'.repeat(512 * 1024 - 2),
      c: 'x'.repeat(512 * 1024 - 2),
    };
    const d = 'x'.repeat(rest - 3 * 512 * 1024 - 2);
    const at = (extra: number) =>
      deploy(s.t, s.dev.token, {
        organizationId: s.dev.org,
        slug: 'partial',
        screens: [{ path: '/', json: home }],
        data: { ...data, d: d + 'x'.repeat(extra) },
        strings: { en },
      });
    expect((await at(0)).statusCode).toBe(200);
    const over = await at(1);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toBe('files_too_large');
  });

  it('a revision keeps the strings in their order, and a restore brings them back', async () => {
    await createApp(s.t, s.dev, 'restored');
    await send('restored', { ru, en });
    await send('restored', { en });
    const revision = await s.t.request({
      method: 'GET',
      url: `/api/v1/orgs/${s.dev.org}/apps/restored/revisions/1`,
      headers: s.dev.who.auth,
    });
    expect(Object.keys(revision.json().revision.strings)).toEqual(['ru', 'en']);
    const restored = await s.t.request({
      method: 'POST',
      url: `/api/v1/orgs/${s.dev.org}/apps/restored/revisions/1/restore`,
      headers: s.dev.who.auth,
      payload: {},
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const preview = await stringsOf('restored', 'de', s.dev.who, { 'x-miniapps-preview': '1' });
    expect(preview.json()).toMatchObject({ locale: 'ru', locales: ['ru', 'en'], strings: ru });
  });
});
