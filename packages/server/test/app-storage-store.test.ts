// Per-user app storage at its edges, on every dialect: key names, value size, the 100-key cap (also
// under concurrent writes) and isolation between users and between apps.
import { MAX_STORAGE_VALUE_BYTES } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorageKey, storedValue } from '../src/storage/rules.js';
import {
  getStorage,
  listStorage,
  putStorage,
  removeStorage,
  type StorageOwner,
} from '../src/storage/store.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { ensureOrg, hostedApp } from './helpers/proxy-apps.js';

describe('storage rules', () => {
  it('takes keys of 1 to 64 allowed characters', () => {
    expect(isStorageKey('a'.repeat(64))).toBe(true);
    expect(isStorageKey('a'.repeat(65))).toBe(false);
    expect(isStorageKey('fav.events_2-b')).toBe(true);
    for (const bad of ['', 'a/b', 'a b', 'ключ', 'a%2F']) expect(isStorageKey(bad)).toBe(false);
  });

  it('measures a value as the UTF-8 bytes of its JSON text', () => {
    // "…" quotes count: a string of 4094 ASCII letters is 4096 bytes of JSON.
    expect(storedValue('a'.repeat(MAX_STORAGE_VALUE_BYTES - 2)).bytes).toBe(4096);
    expect(storedValue('a'.repeat(MAX_STORAGE_VALUE_BYTES - 1)).bytes).toBe(4097);
    expect(storedValue('é').bytes).toBe(4);
  });
});

describe.each(dialects)('app storage store on %s', (dialect) => {
  let t: TestPlatform;
  let alice: StorageOwner;
  let bob: StorageOwner;
  let aliceOther: StorageOwner;
  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const owner = await t.login('owner@example.edu');
    const a = await t.login('alice@example.edu');
    const b = await t.login('bob@example.edu');
    await ensureOrg(t, owner, 'campus');
    const one = await hostedApp(t, owner, { org: 'campus', slug: 'events', live: [] });
    const two = await hostedApp(t, owner, { org: 'campus', slug: 'menu', live: [] });
    alice = { appId: one, userId: a.user.id };
    bob = { appId: one, userId: b.user.id };
    aliceOther = { appId: two, userId: a.user.id };
  }, 60_000);
  afterAll(() => t.close());

  it('stores, reads, lists and removes JSON values', async () => {
    const db = t.platform.db;
    expect(await putStorage(db, alice, 'fav', storedValue({ id: 7, tags: ['x'] }).text)).toBe('stored');
    expect(await putStorage(db, alice, 'fav', storedValue([1, 2]).text)).toBe('stored');
    expect(await putStorage(db, alice, 'n', storedValue(null).text)).toBe('stored');
    expect(await getStorage(db, alice, 'fav')).toEqual([1, 2]);
    expect(await getStorage(db, alice, 'missing')).toBeUndefined();
    expect(await listStorage(db, alice)).toEqual({ fav: [1, 2], n: null });
    await removeStorage(db, alice, 'n');
    await removeStorage(db, alice, 'never');
    expect(await listStorage(db, alice)).toEqual({ fav: [1, 2] });
  });

  it('keeps users and apps apart', async () => {
    const db = t.platform.db;
    await putStorage(db, bob, 'fav', '"bob"');
    await putStorage(db, aliceOther, 'fav', '"other app"');
    expect(await getStorage(db, alice, 'fav')).toEqual([1, 2]);
    expect(await listStorage(db, bob)).toEqual({ fav: 'bob' });
    expect(await listStorage(db, aliceOther)).toEqual({ fav: 'other app' });
    await removeStorage(db, bob, 'fav');
    expect(await getStorage(db, alice, 'fav')).toEqual([1, 2]);
  });

  it('takes the 100th key, refuses the 101st, and still overwrites at 100', async () => {
    const db = t.platform.db;
    // alice has 1 key (fav): 99 more reach 100.
    for (let i = 1; i < 100; i++) expect(await putStorage(db, alice, `k${i}`, String(i))).toBe('stored');
    expect(Object.keys(await listStorage(db, alice))).toHaveLength(100);
    expect(await putStorage(db, alice, 'k100', '0')).toBe('too_many_keys');
    expect(await putStorage(db, alice, 'k5', '"new"')).toBe('stored');
    expect(await getStorage(db, alice, 'k5')).toBe('new');
    // The cap is per app: the same user still writes in another app.
    expect(await putStorage(db, aliceOther, 'k100', '0')).toBe('stored');
  });

  it('never passes 100 keys under concurrent writes of new keys', async () => {
    const db = t.platform.db;
    for (let i = 0; i < 90; i++) await putStorage(db, bob, `b${i}`, '1');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => putStorage(db, bob, `c${i}`, '1')),
    );
    expect(results.filter((r) => r === 'stored')).toHaveLength(10);
    expect(Object.keys(await listStorage(db, bob))).toHaveLength(100);
  });
});
