// The revision diff: line diff, folded context, and screens compared path by path.
import { describe, expect, it } from 'vitest';
import { diffLines, foldContext } from '../src/diff/line-diff.js';
import { diffScreens } from '../src/diff/screen-diff.js';

describe('diffLines', () => {
  it('marks removed and added lines around the common ones', () => {
    const ops = diffLines(['a', 'b', 'c', 'd'], ['a', 'c', 'x', 'd']).map((l) => `${l.op[0]}${l.text}`);
    expect(ops).toEqual(['sa', 'rb', 'sc', 'ax', 'sd']);
  });

  it('handles empty sides', () => {
    expect(diffLines([], ['a']).map((l) => l.op)).toEqual(['added']);
    expect(diffLines(['a'], []).map((l) => l.op)).toEqual(['removed']);
    expect(diffLines([], [])).toEqual([]);
  });

  it('keeps a huge middle as a whole replacement rather than building a table of it', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 3000 }, (_, i) => `new ${i}`);
    const lines = diffLines(before, after);
    expect(lines.filter((l) => l.op === 'removed')).toHaveLength(3000);
    expect(lines.filter((l) => l.op === 'added')).toHaveLength(3000);
  });
});

describe('foldContext', () => {
  it('keeps three lines around a change and folds the rest', () => {
    const lines = diffLines(
      Array.from({ length: 20 }, (_, i) => `${i}`),
      Array.from({ length: 20 }, (_, i) => (i === 10 ? 'ten' : `${i}`)),
    );
    const hunks = foldContext(lines);
    expect(hunks[0]).toEqual({ op: 'skipped', count: 7 });
    expect(hunks.filter((h) => h.op === 'same')).toHaveLength(6);
    expect(hunks.at(-1)).toEqual({ op: 'skipped', count: 6 });
  });
});

describe('diffScreens', () => {
  it('lists added, removed, changed and unchanged paths; key order alone is no change', () => {
    const before = [
      { path: '/', json: { type: 'screen', title: 'Home', children: [] } },
      { path: '/old', json: { type: 'screen' } },
      { path: '/menu', title: 'Menu', json: { type: 'text', text: 'Soup' } },
    ];
    const after = [
      { path: '/', json: { children: [], title: 'Home', type: 'screen' } },
      { path: '/new', json: { type: 'screen' } },
      { path: '/menu', title: 'Menu', json: { type: 'text', text: 'Borscht' } },
    ];
    const changes = diffScreens(before, after);
    expect(changes.map((c) => `${c.path} ${c.kind}`)).toEqual([
      '/ same',
      '/menu changed',
      '/new added',
      '/old removed',
    ]);
    const menu = changes.find((c) => c.path === '/menu')!;
    expect(menu.lines.filter((l) => l.op !== 'same').map((l) => l.text.trim())).toEqual([
      '"text": "Soup"',
      '"text": "Borscht"',
    ]);
  });
});
