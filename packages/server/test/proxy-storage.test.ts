// Per-user storage through the proxy as a client meets it: the edges of keys, values and
// the key count, isolation between users and apps, the same access rules as screens and the same rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';

const home = [{ path: '/', json: { type: 'screen', children: [] } }];

describe.each(dialects)('app storage through the proxy on %s', (dialect) => {
  let t: TestPlatform;
  let ann: SignedIn;
  let ben: SignedIn;
  let cat: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    t.platform.clock = new ManualClock(Date.now());
    const dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    ben = await t.login('ben@uni.example');
    cat = await t.login('cat@uni.example');
    await hostedApp(t, dev, { org: 'acme', slug: 'menu', live: home });
    await hostedApp(t, dev, { org: 'acme', slug: 'events', live: home });
    await hostedApp(t, dev, { org: 'acme', slug: 'draft', head: home });
  }, 60_000);
  afterAll(() => t.close());

  const call = (who: SignedIn, method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: string) =>
    t.request({
      method,
      url: `${PROXY}/acme/${path}`,
      headers: { ...who.auth, ...(payload !== undefined && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload }),
    });
  const put = (who: SignedIn, path: string, value: unknown) => call(who, 'PUT', path, JSON.stringify(value));

  it('stores any JSON under a key, reads it back, lists and removes it', async () => {
    expect((await call(ann, 'GET', 'menu/storage')).json()).toEqual({ ok: true, values: {} });
    expect((await put(ann, 'menu/storage/fav.dish_1-a', { id: 3, name: 'Борщ' })).json()).toEqual({
      ok: true,
    });
    expect((await put(ann, 'menu/storage/n', 42)).statusCode).toBe(200);
    expect((await call(ann, 'GET', 'menu/storage/fav.dish_1-a')).json()).toEqual({
      ok: true,
      key: 'fav.dish_1-a',
      value: { id: 3, name: 'Борщ' },
    });
    expect((await call(ann, 'GET', 'menu/storage')).json()).toEqual({
      ok: true,
      values: { 'fav.dish_1-a': { id: 3, name: 'Борщ' }, n: 42 },
    });
    expect((await call(ann, 'DELETE', 'menu/storage/n')).json()).toEqual({ ok: true });
    const gone = await call(ann, 'GET', 'menu/storage/n');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ ok: false, error: 'not_found' });
  });

  it('takes a 64-character key and refuses a 65-character or malformed one with 400 bad_key', async () => {
    expect((await put(ann, `events/storage/${'k'.repeat(64)}`, 1)).statusCode).toBe(200);
    for (const key of ['k'.repeat(65), 'a%2Fb', 'a:b', '%D0%BA']) {
      const res = await put(ann, `events/storage/${key}`, 1);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'bad_key' });
    }
  });

  it('takes a value of 4096 bytes of JSON text and refuses 4097 with 413 value_too_large', async () => {
    // A string's JSON text is its letters and two quotes; "é" is two UTF-8 bytes.
    expect((await put(ann, 'events/storage/big', 'a'.repeat(4094))).statusCode).toBe(200);
    const over = await put(ann, 'events/storage/big', `${'a'.repeat(4093)}é`);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      ok: false,
      error: 'value_too_large',
      details: { bytes: 4097, max: 4096 },
    });
    expect((await call(ann, 'GET', 'events/storage/big')).json().value).toHaveLength(4094);
  });

  it('refuses a body that is not JSON with 400 bad_request', async () => {
    const res = await call(ann, 'PUT', 'events/storage/x', '{nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request' });
  });

  it('takes the 100th key, refuses the 101st with 422 too_many_keys, and overwrites at 100', async () => {
    for (let i = 0; i < 100; i++) expect((await put(ben, `menu/storage/k${i}`, i)).statusCode).toBe(200);
    const over = await put(ben, 'menu/storage/k100', 100);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ ok: false, error: 'too_many_keys', details: { max: 100 } });
    expect((await put(ben, 'menu/storage/k7', 'seven')).statusCode).toBe(200);
    expect(Object.keys((await call(ben, 'GET', 'menu/storage')).json().values)).toHaveLength(100);
  });

  it('keeps one user from another and one app from another', async () => {
    expect((await call(ben, 'GET', 'menu/storage/fav.dish_1-a')).statusCode).toBe(404);
    expect((await call(ann, 'GET', 'events/storage/fav.dish_1-a')).statusCode).toBe(404);
    expect((await call(cat, 'GET', 'menu/storage')).json()).toEqual({ ok: true, values: {} });
    expect(Object.keys((await call(ann, 'GET', 'menu/storage')).json().values)).toEqual(['fav.dish_1-a']);
  });

  it('follows the screen access rules and the proxy errors', async () => {
    // A draft app is not open to users, so neither is its storage.
    expect((await put(ann, 'draft/storage/x', 1)).json()).toMatchObject({
      ok: false,
      error: 'app_unavailable',
    });
    expect((await call(ann, 'GET', 'nothing/storage')).json()).toMatchObject({ error: 'app_not_found' });
    const anonymous = await t.request({ method: 'GET', url: `${PROXY}/acme/menu/storage` });
    expect(anonymous.statusCode).toBe(401);
    const post = await t.request({ method: 'POST', url: `${PROXY}/acme/menu/storage/x`, headers: ann.auth });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, PUT, DELETE');
    // The root lists keys and is GET only: its Allow says so, not the methods of one key.
    const putRoot = await call(ann, 'PUT', 'menu/storage', '1');
    expect(putRoot.statusCode).toBe(405);
    expect(putRoot.headers.allow).toBe('GET');
  });

  it('counts storage calls in the proxy rate limit of 180 a minute', async () => {
    // cat made one call above; 179 more reach the limit.
    for (let i = 0; i < 179; i++) expect((await call(cat, 'GET', 'events/storage')).statusCode).toBe(200);
    expect((await call(cat, 'GET', 'events/storage')).json()).toMatchObject({ error: 'rate_limited' });
  });
});
