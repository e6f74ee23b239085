// API messages in Russian and English: complete catalogues, and the same codes in both languages on every surface.

import { errorCodes } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeployBody } from '../src/deploy/deploy-body.js';
import { checkScreens } from '../src/deploy/screens-check.js';
import { AppError, errorBody, messageLanguage } from '../src/errors.js';
import { requestLanguage } from '../src/i18n/language.js';
import { catalogues, formatMessage, languages } from '../src/i18n/messages.js';
import { dialects } from './helpers/databases.js';
import { placeholders } from './helpers/icu-placeholders.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';

describe('message catalogues', () => {
  const [reference, ...others] = languages;

  it('hold the same keys in every language, each a valid ICU message with the same placeholders', () => {
    const keys = Object.keys(catalogues[reference]).sort();
    for (const language of others) {
      expect(Object.keys(catalogues[language]).sort(), language).toEqual(keys);
      for (const key of keys) {
        const en = catalogues[reference][key] ?? '';
        const other = catalogues[language][key] ?? '';
        expect(other.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(other), `${language} ${key}`).toEqual(placeholders(en));
      }
    }
  });

  it('give every registry code a default message in every language', () => {
    for (const code of Object.keys(errorCodes))
      for (const language of languages)
        expect(catalogues[language][`errors.${code}`], `${language} ${code}`).toBeTruthy();
  });
});

describe('formatMessage', () => {
  it('uses Russian plural forms and selects', () => {
    const tooLong = (length: number) =>
      formatMessage({ key: 'notify.text_too_long', values: { field: 'title', length, max: 80 } }, 'ru');
    expect(tooLong(1)).toBe('В заголовке 1 символ; допустимо не больше 80.');
    expect(tooLong(3)).toBe('В заголовке 3 символа; допустимо не больше 80.');
    expect(tooLong(85)).toBe('В заголовке 85 символов; допустимо не больше 80.');
    expect(
      formatMessage({ key: 'notify.text_too_long', values: { field: 'body', length: 201, max: 200 } }, 'en'),
    ).toBe('The body is 201 characters; at most 200 are allowed.');
  });
});

describe('deploy refusals', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError) return error;
    }
    throw new Error('expected an AppError');
  };

  it('translate their frame and keep the fault texts as written', () => {
    const screens = refusal(() =>
      checkScreens([
        { path: '/', json: {} },
        { path: 'x', json: { type: 'text' } },
      ]),
    );
    expect(screens.code).toBe('bad_screens');
    expect(errorBody(screens, 'en').message).toBe(
      'The screens are not a valid deploy: /screens/0/json/type the root must name a widget in a string "type" (and 1 more).',
    );
    expect(errorBody(screens, 'ru').message).toBe(
      'Экраны не составляют допустимое развёртывание: /screens/0/json/type the root must name a widget in a string "type" (и ещё 1).',
    );
    const one = refusal(() => checkScreens([]));
    expect(errorBody(one, 'en').message).toBe(
      'The screens are not a valid deploy: /screens holds 0 screens; a deploy has 1 to 30.',
    );
    const body = refusal(() => readDeployBody({ slug: 'app', submit: 'yes' }));
    expect(errorBody(body, 'en').message).toBe(
      'The deploy body is incomplete: organizationId is required; screens is required; submit must be true or false.',
    );
    expect(errorBody(body, 'ru').message).toBe(
      'Тело развёртывания неполно: organizationId is required; screens is required; submit must be true or false.',
    );
    const deep = refusal(() => readDeployBody({ extra: JSON.parse(`${'['.repeat(300)}${']'.repeat(300)}`) }));
    expect(errorBody(deep, 'en').message).toMatch(
      /^The deploy body is nested deeper than 256 levels of JSON objects and arrays at \/extra(\/0)+\.$/,
    );
    expect(messageLanguage(deep, 'ru')).toBe('ru');
  });
});

describe('requestLanguage', () => {
  it('is Russian only when ru is the best supported match', () => {
    expect(requestLanguage('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(requestLanguage('en;q=0.9, ru;q=0.95')).toBe('ru');
    expect(requestLanguage('en-US,en;q=0.9,ru;q=0.8')).toBe('en');
    expect(requestLanguage('de, ru;q=0.5')).toBe('ru');
    expect(requestLanguage('de')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });

  it('reads a header of up to 512 characters and treats a longer one as none', () => {
    const padded = (length: number) => `ru,${' '.repeat(length - 3)}`;
    expect(padded(512)).toHaveLength(512);
    expect(requestLanguage(padded(512))).toBe('ru');
    expect(requestLanguage(padded(513))).toBe('en');
    // Repeated headers are joined before the limit applies.
    expect(requestLanguage(['ru', 'x'.repeat(509)])).toBe('ru');
    expect(requestLanguage(['ru', 'x'.repeat(510)])).toBe('en');
  });
});

describe.each(dialects)('error messages follow Accept-Language on %s', (dialect) => {
  let t: TestPlatform;
  let base: string;
  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    base = await t.listen();
  });
  afterAll(() => t.close());

  const cyrillic = /[а-яё]/i;
  interface Answer {
    status: number;
    headers: Headers | Record<string, unknown>;
    body: { ok: boolean; error: string; message: string };
  }

  /** Asks twice, in English and in Russian: same status and code, the message in the asked language. */
  async function both(
    ask: (headers: Record<string, string>) => Promise<{
      status: number;
      headers: Headers | Record<string, unknown>;
      body: { ok: boolean; error: string; message: string };
    }>,
  ) {
    const en = await ask({ 'accept-language': 'en-US,en;q=0.9' });
    const ru = await ask({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' });
    expect(ru.status).toBe(en.status);
    expect(ru.body.error).toBe(en.body.error);
    expect(en.body.message).not.toMatch(cyrillic);
    expect(ru.body.message).toMatch(cyrillic);
    const header = (answer: typeof en, name: string) =>
      answer.headers instanceof Headers ? answer.headers.get(name) : answer.headers[name];
    expect(header(en, 'content-language')).toBe('en');
    expect(header(ru, 'content-language')).toBe('ru');
    expect(String(header(ru, 'vary'))).toMatch(/accept-language/i);
    return { en, ru };
  }

  const inject =
    (options: Parameters<TestPlatform['request']>[0]) => async (headers: Record<string, string>) => {
      const res = await t.request({ ...options, headers: { ...(options.headers as object), ...headers } });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    };

  it('on a 404 route, keeping the path in the text', async () => {
    const { ru } = await both(inject({ method: 'GET', url: '/nope?x=1' }));
    expect(ru.body).toEqual({ ok: false, error: 'not_found', message: 'Нет маршрута GET /nope' });
  });

  it('on the management API', async () => {
    const login = await t.login('i18n@uni.example');
    const { ru } = await both(
      inject({ method: 'GET', url: '/api/v1/orgs/nowhere/apps', headers: login.auth }),
    );
    expect(ru.body.error).toBe('org_not_found');
    await both(inject({ method: 'GET', url: '/api/v1/tokens' }));
  });

  it('on a validation error, whose frame is translated around the validator text', async () => {
    const login = await t.login('i18n-valid@uni.example');
    const { ru } = await both(
      inject({ method: 'POST', url: '/api/v1/orgs', headers: login.auth, payload: { nope: true } }),
    );
    expect(ru.body.error).toMatch(/bad_request|validation_failed/);
  });

  it('on deploy and notify', async () => {
    const { ru } = await both(
      inject({
        method: 'POST',
        url: '/functions/v1/miniapp-deploy',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      }),
    );
    expect(ru.body.error).toBe('invalid_token');
    await both(inject({ method: 'POST', url: '/functions/v1/miniapp-notify', payload: {} }));
  });

  it('on the proxy, which answers without Fastify', async () => {
    const ask =
      (path: string, method = 'GET') =>
      async (headers: Record<string, string>) => {
        const res = await fetch(`${base}${PROXY}${path}`, { method, headers });
        return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
      };
    const missing = await both(ask('/acme/Not_A_Slug/screen/'));
    expect(missing.ru.body).toMatchObject({
      error: 'app_not_found',
      message: 'В «acme» нет приложения «Not_A_Slug».',
    });
    const owner = await t.login('i18n-proxy@uni.example');
    await hostedApp(t, owner, {
      org: 'i18n',
      slug: 'guide',
      live: [{ path: '/', json: { type: 'text', text: 'hi' } }],
    });
    const climbing = await both(async (headers) =>
      ask('/i18n/guide/screen/a%2e%2e/b')({ ...headers, ...owner.auth }),
    );
    expect(climbing.ru.body).toMatchObject({ error: 'bad_path', message: 'Отказ: путь содержит "..".' });
    expect(climbing.en.body.message).toBe('Refused: the path contains "..".');
    const anonymous = await both(ask('/acme/some-app/screen/'));
    expect(anonymous.ru.body.error).toBe('unauthorized');
    const method = await both(ask('/acme/some-app/screen/', 'DELETE'));
    expect(method.ru.body.error).toBe('method_not_allowed');
  });

  it('keeps a library text English and says so in Content-Language', async () => {
    const login = await t.login('i18n-json@uni.example');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: { ...login.auth, 'content-type': 'application/json', 'accept-language': 'ru' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-language']).toBe('en');
  });
});
