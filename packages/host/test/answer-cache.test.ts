// The host kit's answer cache on the memory store: its byte bound with LRU eviction, keys per user, clearing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnswerStore,
  createAnswerCache,
  DEFAULT_HOST_CACHE_BYTES,
  memoryAnswerStore,
} from '../src/index.js';
import { READ_WINDOW_MS } from '../src/kept-reads.js';

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

  describe('on a warm open', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** The memory store, its calls counted. */
    function countingStore() {
      const store = memoryAnswerStore();
      const calls = { get: 0, entries: 0, set: 0, touch: [] as string[][] };
      const counted: AnswerStore = {
        ...store,
        get: (key) => {
          calls.get++;
          return store.get(key);
        },
        set: (key, answer) => {
          calls.set++;
          return store.set(key, answer);
        },
        entries: (prefix) => {
          calls.entries++;
          return store.entries?.(prefix) ?? Promise.resolve([]);
        },
        touch: (keys, usedAt) => {
          calls.touch.push([...keys]);
          return store.touch?.(keys, usedAt) ?? Promise.resolve();
        },
      };
      return { store, counted, calls };
    }

    it("reads an app's kept answers for its user in one store read; a write after it is read back", async () => {
      const { counted, calls } = countingStore();
      const cache = createAnswerCache({ store: counted, user: async () => 'u1' });
      const [entry, consent, screen, other] = await Promise.all([
        cache.key('acme/a', 'catalog'),
        cache.key('acme/a', 'consent'),
        cache.key('acme/a', 'screen', '/'),
        cache.key('acme/ab', 'catalog'),
      ]);
      for (const key of [entry, consent, screen, other]) await cache.write(key!, '"e"', { key });
      const before = { ...calls, touch: [...calls.touch] };
      const read = await Promise.all([entry, consent].map((key) => cache.read(key!)));
      expect(read.map((answer) => answer?.body)).toEqual([{ key: entry }, { key: consent }]);
      // The screen, read a moment later (the runtime drawn): from the same read of the store.
      expect((await cache.read(screen!))?.body).toEqual({ key: screen });
      expect(calls.entries - before.entries).toBe(1);
      expect(calls.get - before.get).toBe(0);
      // Another app is read on its own; a newer screen written now is what the next read gives.
      expect((await cache.read(other!))?.body).toEqual({ key: other });
      expect(calls.entries - before.entries).toBe(2);
      await cache.write(screen!, '"f"', { newer: true });
      expect((await cache.read(screen!))?.body).toEqual({ newer: true });
      await cache.forget(entry!);
      expect(await cache.read(entry!)).toBeUndefined();
    });

    it('writes the use times of what it read once, a moment after: never before the draw, never bringing back a cleared answer', async () => {
      vi.useFakeTimers();
      const { store, counted, calls } = countingStore();
      let time = 0;
      const cache = createAnswerCache({ store: counted, user: async () => 'u1', now: () => time });
      const screen = (await cache.key('acme/a', 'screen', '/'))!;
      const strings = (await cache.key('acme/a', 'strings'))!;
      await cache.write(screen, '"e"', { screen: 1 });
      await cache.write(strings, '"e"', { strings: 1 });
      await cache.clear('acme/b');
      const writes = calls.set;
      time = 50;
      await cache.read(screen);
      await cache.read(strings);
      expect(calls.touch).toEqual([]);
      expect(calls.set).toBe(writes);
      await vi.advanceTimersByTimeAsync(READ_WINDOW_MS);
      expect(calls.touch).toEqual([[screen, strings]]);
      expect((await store.list()).map((entry) => entry.usedAt)).toEqual([50, 50]);

      // Cleared while its use time waited: the touch leaves it gone.
      time = 80;
      await cache.read(screen);
      await cache.clear('acme/a');
      await vi.advanceTimersByTimeAsync(READ_WINDOW_MS);
      expect(calls.touch).toHaveLength(2);
      expect(await store.list()).toEqual([]);
    });
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
