// The host kit's answer cache on the memory store: its byte bound with LRU eviction, keys per user, clearing.
import { describe, expect, it } from 'vitest';
import { createAnswerCache, DEFAULT_HOST_CACHE_BYTES, memoryAnswerStore } from '../src/index.js';

/** A cache whose user and clock the test moves. */
function cacheFor(maxBytes?: number) {
  const store = memoryAnswerStore();
  const state = { user: 'u1' as string | null, time: 0 };
  const cache = createAnswerCache({
    store,
    maxBytes,
    user: async () => state.user,
    now: () => ++state.time,
  });
  return { store, state, cache };
}

/** What one answer of `body` counts against the bound under `key` with tag `"e"`. */
const sizeOf = (key: string, body: unknown) => key.length + '"e"'.length + JSON.stringify(body).length;

describe('the answer cache', () => {
  it('keeps 5 MB by default', () => {
    expect(DEFAULT_HOST_CACHE_BYTES).toBe(5 * 1024 * 1024);
  });

  it('keeps answers up to its bound exactly; one byte past evicts the least recently used', async () => {
    const { cache } = cacheFor();
    const a = (await cache.key('acme/a', '/'))!;
    const b = (await cache.key('acme/b', '/'))!;
    const c = (await cache.key('acme/c', '/'))!;
    const body = { text: 'x'.repeat(100) };
    const bound = sizeOf(a, body) + sizeOf(b, body);
    const exact = cacheFor(bound).cache;
    await exact.write(a, '"e"', body);
    await exact.write(b, '"e"', body);
    expect((await exact.read(a))?.body).toEqual(body);
    expect((await exact.read(b))?.body).toEqual(body);

    // One byte past: `a` was read before `b`, so `a` goes and the rest stay.
    const past = cacheFor(bound).cache;
    await past.write(a, '"e"', body);
    await past.write(b, '"e"', body);
    await past.read(a);
    await past.write(c, '"e"', { text: 'x' });
    expect(await past.read(b)).toBeUndefined();
    expect((await past.read(a))?.body).toEqual(body);
    expect((await past.read(c))?.body).toEqual({ text: 'x' });
  });

  it('never keeps one answer larger than the whole bound, and drops its older copy', async () => {
    const { cache } = cacheFor(200);
    const key = (await cache.key('acme/a', '/'))!;
    await cache.write(key, '"e"', { small: true });
    await cache.write(key, '"e"', { text: 'x'.repeat(300) });
    expect(await cache.read(key)).toBeUndefined();
  });

  it('keys answers per user: another user never reads them; no user keeps nothing', async () => {
    const { cache, state } = cacheFor();
    const mine = (await cache.key('acme/a', '/'))!;
    await cache.write(mine, '"e"', { for: 'u1' });
    state.user = 'u2';
    const theirs = (await cache.key('acme/a', '/'))!;
    expect(theirs).not.toBe(mine);
    expect(await cache.read(theirs)).toBeUndefined();
    state.user = null;
    expect(await cache.key('acme/a', '/')).toBeNull();
  });

  it("clears one app for every user, or everything; another app's answers stay until then", async () => {
    const { cache, state } = cacheFor();
    const keys: string[] = [];
    for (const user of ['u1', 'u2']) {
      state.user = user;
      for (const app of ['acme/a', 'acme/ab']) {
        const key = (await cache.key(app, '/'))!;
        keys.push(key);
        await cache.write(key, '"e"', { user, app });
      }
    }
    await cache.clear('acme/a');
    const left = await Promise.all(keys.map(async (key) => (await cache.read(key))?.body));
    expect(left).toEqual([
      undefined,
      { user: 'u1', app: 'acme/ab' },
      undefined,
      { user: 'u2', app: 'acme/ab' },
    ]);
    await cache.clear();
    expect(await Promise.all(keys.map((key) => cache.read(key)))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('an answer asked for before a clear is not kept after it (a sign-out while it was on its way)', async () => {
    const { cache } = cacheFor();
    const key = (await cache.key('acme/a', '/'))!;
    const since = cache.epoch();
    await cache.clear();
    await cache.write(key, '"e"', { late: true }, since);
    expect(await cache.read(key)).toBeUndefined();
    await cache.write(key, '"e"', { late: false }, cache.epoch());
    expect((await cache.read(key))?.body).toEqual({ late: false });
  });

  it('a failing store is a cache that keeps nothing, never an error', async () => {
    const broken = memoryAnswerStore();
    broken.set = async () => {
      throw new Error('quota');
    };
    const cache = createAnswerCache({ store: broken, user: async () => 'u1' });
    const key = (await cache.key('acme/a', '/'))!;
    await expect(cache.write(key, '"e"', {})).resolves.toBeUndefined();
    expect(await cache.read(key)).toBeUndefined();
  });
});
