// What the proxy's entry reads itself (query, storage values, service bodies): bad text is 400 with a pointer, too deep is 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VALUE_NESTING } from '../src/storage/rules.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';

const home = [{ path: '/', json: { type: 'screen', children: [] } }];
/** A value of `levels` nested arrays (the value itself is level 1), as text: JSON.stringify would overflow. */
const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe.each(dialects)("the proxy's own input on %s", (dialect) => {
  let t: TestPlatform;
  let ann: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    await hostedApp(t, dev, { org: 'acme', slug: 'menu', live: home });
  }, 60_000);
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: string) =>
    t.request({
      method,
      url: `${PROXY}/${path}`,
      headers: { ...ann.auth, ...(payload !== undefined && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload }),
    });

  it('refuses a NUL or an escaped lone surrogate in a query parameter with 400 naming it', async () => {
    for (const query of ['q=a%00b', 'x=1&q=%ED%A0%80', 'q%00=1']) {
      const res = await call('GET', `acme/menu/screen/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'bad_request' });
      const name = query.includes('q%00') ? 'q%00' : 'q';
      expect(res.json().details).toEqual([{ in: 'query', pointer: `/${name}`, problem: 'bad_text' }]);
    }
    // Other escapes, other invalid UTF-8 and the characters around the surrogates still pass.
    expect((await call('GET', 'acme/menu/screen/?q=%01%ED%9F%BF%EE%80%80')).statusCode).toBe(200);
  });

  it('refuses a stored value with a NUL or a lone surrogate, in a string or a key, with its pointer', async () => {
    const cases: Array<[string, string]> = [
      ['{"a":["x","b\\u0000"]}', '/a/1'],
      ['"\\udc00"', ''],
      ['{"k\\u0000":1}', '/k\u0000'],
    ];
    for (const [value, pointer] of cases) {
      const res = await call('PUT', 'acme/menu/storage/k', value);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'bad_request' });
      expect(res.json().details[0]).toMatchObject({ in: 'body', pointer, problem: 'bad_text' });
    }
    // A surrogate pair is one character, and is kept.
    expect((await call('PUT', 'acme/menu/storage/k', '"\\ud83d\\ude00"')).statusCode).toBe(200);
    expect((await call('GET', 'acme/menu/storage/k')).json().value).toBe('😀');
  });

  it(`stores a value ${MAX_VALUE_NESTING} levels deep and refuses one level more with 422`, async () => {
    expect((await call('PUT', 'acme/menu/storage/deep', nestedArrays(MAX_VALUE_NESTING))).statusCode).toBe(
      200,
    );
    const past = await call('PUT', 'acme/menu/storage/deep', nestedArrays(MAX_VALUE_NESTING + 1));
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ ok: false, error: 'validation_failed' });
    expect(past.json().details[0]).toMatchObject({
      pointer: '/0'.repeat(MAX_VALUE_NESTING),
      problem: 'too_deep',
      max: MAX_VALUE_NESTING,
    });
  });

  it('refuses a 10,000-deep stored value with 422, not a stack overflow', async () => {
    const res = await call('PUT', 'acme/menu/storage/deep', nestedArrays(10_000));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ ok: false, error: 'validation_failed' });
  });

  it("refuses a NUL in a service app's body with 400 and its pointer", async () => {
    const res = await call('POST', 'platform/profile-card/api/profile', '{"note":"a\\u0000"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ in: 'body', pointer: '/note', problem: 'bad_text' });
  });
});
