// An AnswerStore on a browser's IndexedDB: kept answers survive a reload and a closed tab, per origin.
import type { AnswerStore, StoredAnswer } from './answer-cache.js';

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

/** The browser's IndexedDB as an AnswerStore, or undefined where there is none (Node, a native host). */
export function indexedDbStore(): AnswerStore | undefined {
  const factory = (globalThis as { indexedDB?: Factory }).indexedDB;
  if (!factory) return undefined;
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
  const objects = async (mode: 'readonly' | 'readwrite') =>
    (await database()).transaction(STORE, mode).objectStore(STORE);
  return {
    get: async (key) => settled((await objects('readonly')).get(key)),
    set: async (key, answer) => void (await settled((await objects('readwrite')).put(answer, key))),
    delete: async (key) => void (await settled((await objects('readwrite')).delete(key))),
    list: async () => {
      const cursor = (await objects('readonly')).openCursor();
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
