// The studio's kept draft: one key per user and app, expired drafts dropped, a full storage reported, the saved
// content not restored as if it were edits; and the save body made from the texts, or the file that stops it.
import { MAX_DATASET_BYTES } from '@miniapps/contract';
import { describe, expect, it } from 'vitest';
import { dataFileFindings, stringsFindings } from '../src/studio/hosted-file-findings.js';
import {
  dataFileText,
  isUnsendable,
  revisionContent,
  type StudioContent,
  saveParts,
  screenText,
} from '../src/studio/studio-content.js';
import {
  DRAFT_LIFETIME_MS,
  draftKey,
  draftOf,
  draftToRestore,
  keepDraft,
  readDraft,
} from '../src/studio/studio-draft.js';

/** A Storage over a Map; `full` refuses every write as a browser past its quota does. */
function memoryStorage(full = false): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

const content = (): StudioContent => ({
  screens: [screenText('/', { type: 'screen', title: 'Menu', children: [] })],
  data: [dataFileText('people', [{ name: 'Ada' }])],
  strings: '{"en": {"hello": "Hi"}}',
});
const t = (key: string, values?: Record<string, string | number>) => `${key} ${JSON.stringify(values ?? {})}`;

describe('the kept draft', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('is kept under a key naming the user, the organization and the app', () => {
    const storage = memoryStorage();
    const mine = draftKey('user-a', 'lab', 'menu');
    expect(keepDraft(storage, mine, draftOf(content(), 3, now))).toBe(true);
    expect(readDraft(storage, mine, now)?.screens[0]?.path).toBe('/');
    expect(readDraft(storage, draftKey('user-b', 'lab', 'menu'), now)).toBeUndefined();
    expect(readDraft(storage, draftKey('user-a', 'lab', 'menu2'), now)).toBeUndefined();
  });

  it('lives DRAFT_LIFETIME_MS: read at the limit, dropped one millisecond past it', () => {
    const storage = memoryStorage();
    const key = draftKey('u', 'lab', 'menu');
    keepDraft(storage, key, draftOf(content(), 3, now));
    expect(readDraft(storage, key, now + DRAFT_LIFETIME_MS)).toBeDefined();
    expect(readDraft(storage, key, now + DRAFT_LIFETIME_MS + 1)).toBeUndefined();
    expect(storage.getItem(key)).toBeNull();
  });

  it('reads nothing of a value it did not write, and removes it', () => {
    const storage = memoryStorage();
    const key = draftKey('u', 'lab', 'menu');
    storage.setItem(key, JSON.stringify({ baseVersion: 'three', screens: [] }));
    expect(readDraft(storage, key, now)).toBeUndefined();
    expect(storage.getItem(key)).toBeNull();
    storage.setItem(key, '{not json');
    expect(readDraft(storage, key, now)).toBeUndefined();
  });

  it('reports a full storage or none at all as not kept', () => {
    const key = draftKey('u', 'lab', 'menu');
    expect(keepDraft(memoryStorage(true), key, draftOf(content(), 3, now))).toBe(false);
    expect(keepDraft(undefined, key, draftOf(content(), 3, now))).toBe(false);
  });

  it('is restored when it differs from the saved content or its version, and dropped when it is the same', () => {
    const storage = memoryStorage();
    const key = draftKey('u', 'lab', 'menu');
    const saved = content();
    keepDraft(storage, key, draftOf(saved, 3, now));
    expect(draftToRestore(storage, key, { content: saved, version: 4 }, now)?.baseVersion).toBe(3);
    expect(draftToRestore(storage, key, { content: saved, version: 3 }, now)).toBeUndefined();
    expect(storage.getItem(key)).toBeNull();
    keepDraft(storage, key, draftOf({ ...saved, strings: '{}' }, 3, now));
    expect(draftToRestore(storage, key, { content: saved, version: 3 }, now)?.strings).toBe('{}');
  });
});

describe('the save made from the texts', () => {
  it('carries the screens, the data files and the strings; no strings when there are none', () => {
    expect(saveParts(content())).toEqual({
      screens: [{ path: '/', json: { type: 'screen', title: 'Menu', children: [] } }],
      data: { people: [{ name: 'Ada' }] },
      strings: { en: { hello: 'Hi' } },
    });
    const none = saveParts({ ...revisionContent({ screens: [] }), screens: content().screens });
    expect(none).toEqual({ screens: [{ path: '/', json: { type: 'screen', title: 'Menu', children: [] } }] });
  });

  it('names the first file that cannot be sent', () => {
    const broken = (change: Partial<StudioContent>) => {
      const parts = saveParts({ ...content(), ...change });
      return isUnsendable(parts) ? parts : undefined;
    };
    expect(broken({ data: [{ id: 1, name: 'people', text: '[{' }] })).toEqual({
      kind: 'data',
      name: 'people',
    });
    expect(broken({ data: [dataFileText('a', 1), dataFileText('a', 2)] })).toEqual({
      kind: 'dataTwice',
      name: 'a',
    });
    expect(broken({ strings: '[]' })).toEqual({ kind: 'strings' });
    expect(broken({ screens: [{ id: 2, path: '/x', text: '' }] })).toEqual({ kind: 'screen', path: '/x' });
  });
});

describe('findings on data files and strings', () => {
  it('finds a data file at its size limit fine and one byte past it too large', () => {
    // A JSON string of n characters is n + 2 bytes.
    const sized = (bytes: number) => JSON.stringify('x'.repeat(bytes - 2));
    expect(dataFileFindings('people')(sized(MAX_DATASET_BYTES), t)).toEqual([]);
    expect(dataFileFindings('people')(sized(MAX_DATASET_BYTES + 1), t)).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringContaining('datasetSize') }),
    ]);
  });

  it('marks a bad key of the strings at its value, with the key named', () => {
    const text = '{"en": {"1bad": "x"}}';
    const [finding, ...rest] = stringsFindings(text, t);
    expect(rest).toEqual([]);
    expect(text.slice(finding!.from, finding!.to)).toBe('"x"');
    expect(finding!.message).toContain('"name":"1bad"');
  });
});
