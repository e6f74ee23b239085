// An AnswerStore on a browser's IndexedDB: kept answers survive a reload and a closed tab, per origin.
import type { AnswerStore, StoredAnswer } from './answer-store.js';

// The few IndexedDB shapes used here, written out: the host kit builds without the DOM's type library.
interface Request<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface ObjectStore {
  get(key: string): Request<StoredAnswer | undefined>;
  put(value: StoredAnswer, key: string): Request<unknown>;
  delete(key: string): Request<unknown>;
  openCursor(): Request<{ key: string; value: StoredAnswer; continue(): void } | null>;
  getAll(range: unknown): Request<StoredAnswer[]>;
  getAllKeys(range: unknown): Request<string[]>;
}
interface KeyRange {
  bound(lower: string, upper: string, lowerOpen: boolean, upperOpen: boolean): unknown;
}
interface Database {
  objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string): unknown;
  transaction(name: string, mode: 'readonly' | 'readwrite'): { objectStore(name: string): ObjectStore };
}
interface Factory {
  open(name: string, version: number): Request<Database> & { onupgradeneeded: (() => void) | null };
}

const DATABASE = 'miniapps-host';
const STORE = 'answers';

const settled = <T>(request: Request<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * The browser's IndexedDB as an AnswerStore, or undefined where there is none (Node, a native host). The database
 * is opened at once, not at the first read: a store made before an app opens (`<miniapp-view>` makes one when its
 * script loads) has it open by then, and a warm open's reads are its first round trip.
 */
export function indexedDbStore(): AnswerStore | undefined {
  const { indexedDB: factory, IDBKeyRange: ranges } = globalThis as {
    indexedDB?: Factory;
    IDBKeyRange?: KeyRange;
  };
  if (!factory || !ranges) return undefined;
  let opened: Promise<Database> | undefined;
  const database = () => {
    opened ??= new Promise<Database>((resolve, reject) => {
      const request = factory.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      settled(request).then(resolve, (error: unknown) => {
        opened = undefined;
        reject(error);
      });
    });
    return opened;
  };
  // A failed open is told to the first read (each read tries again), not as an unhandled rejection here.
  database().catch(() => {});
  const answersIn = async (mode: 'readonly' | 'readwrite') =>
    (await database()).transaction(STORE, mode).objectStore(STORE);
  return {
    get: async (key) => settled((await answersIn('readonly')).get(key)),
    set: async (key, answer) => void (await settled((await answersIn('readwrite')).put(answer, key))),
    delete: async (key) => void (await settled((await answersIn('readwrite')).delete(key))),
    entries: async (prefix) => {
      const answers = await answersIn('readonly');
      // Every key from `prefix` up to, not including, the same text with its last character's next one.
      const next = `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
      const range = ranges.bound(prefix, next, false, true);
      // Both asked in one transaction: the same answers, in the same key order.
      const [keys, values] = await Promise.all([
        settled(answers.getAllKeys(range)),
        settled(answers.getAll(range)),
      ]);
      return keys.map((key, i): [string, StoredAnswer] => [key, values[i] as StoredAnswer]);
    },
    touch: async (keys, usedAt) => {
      const answers = await answersIn('readwrite');
      // Each answer read and rewritten in the one transaction: nothing written in between is lost.
      await Promise.all(
        keys.map(async (key) => {
          const found = await settled(answers.get(key));
          if (found && found.usedAt < usedAt) await settled(answers.put({ ...found, usedAt }, key));
        }),
      );
    },
    list: async () => {
      const cursor = (await answersIn('readonly')).openCursor();
      const found: Array<{ key: string; size: number; usedAt: number }> = [];
      return new Promise((resolve, reject) => {
        cursor.onerror = () => reject(cursor.error);
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return resolve(found);
          found.push({ key: at.key, size: at.value.size, usedAt: at.value.usedAt });
          at.continue();
        };
      });
    },
  };
}
