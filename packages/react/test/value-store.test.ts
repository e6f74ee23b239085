// The page state's store: copies on write, and tells a subscriber only about changes at or around its paths.
import { describe, expect, it } from 'vitest';
import { ValueStore } from '../src/renderer/value-store.js';

describe('ValueStore', () => {
  it('replaces the containers on the changed path and keeps the others', () => {
    const other = { keep: true };
    const store = new ValueStore({ state: { rows: [{ title: 'A' }, { title: 'B' }], other } });
    const before = store.snapshot();
    store.set(['state', 'rows', 1, 'title'], 'C');
    expect(store.get(['state', 'rows'])).toEqual([{ title: 'A' }, { title: 'C' }]);
    expect(before).toEqual({ state: { rows: [{ title: 'A' }, { title: 'B' }], other } });
    expect(store.get(['state', 'other'])).toBe(other);
    store.set(['state', 'new', 'deep'], 1);
    expect(store.get(['state', 'new'])).toEqual({ deep: 1 });
  });

  it('notifies a reader of a path when it, a parent or a child changes, and nobody else', () => {
    const store = new ValueStore({ state: { a: { b: 1 }, ab: 1, list: [1, 2] } });
    const heard: string[] = [];
    store.subscribe(['state.a.b'], () => heard.push('a.b'));
    store.subscribe(['state.ab'], () => heard.push('ab'));
    store.subscribe(['state.list.1'], () => heard.push('list.1'));
    store.set(['state', 'a', 'b'], 2);
    store.set(['state', 'a'], { b: 3 });
    store.set(['state', 'list'], [1, 3]);
    store.set(['state', 'ab'], 2);
    store.set(['state', 'ab'], 2); // unchanged: nobody hears it
    store.set(['state', 'a', 'b', 'c'], 1);
    expect(heard).toEqual(['a.b', 'a.b', 'list.1', 'ab', 'a.b']);
  });

  it('stops telling a reader once it unsubscribed', () => {
    const store = new ValueStore({ state: {} });
    let calls = 0;
    const stop = store.subscribe(['state.x'], () => calls++);
    store.set(['state', 'x'], 1);
    stop();
    store.set(['state', 'x'], 2);
    expect(calls).toBe(1);
    expect(store.version).toBe(2);
  });
});
