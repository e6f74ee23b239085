// Where a host's kept answers live: the store interface a browser, a test or a native host supplies, and one in memory.

/** One kept answer as a store holds it. */
export interface StoredAnswer {
  etag: string;
  body: unknown;
  /** The JSON text's length: what the bound counts. */
  size: number;
  /** When it was last written or read (ms): the least recently used goes first. */
  usedAt: number;
}

/**
 * Where answers are kept: IndexedDB in a browser (indexedDbStore), a Map elsewhere (memoryAnswerStore), or a
 * native host's own (SQLite, MMKV…). Keys are opaque text; the cache decides what is kept and evicted.
 */
export interface AnswerStore {
  get(key: string): Promise<StoredAnswer | undefined>;
  set(key: string, answer: StoredAnswer): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key with its size and last use (no bodies): what eviction and clearing read. */
  list(): Promise<Array<{ key: string; size: number; usedAt: number }>>;
  /**
   * Moves the last use of the answers still kept under `keys` to `usedAt` (a missing one stays missing, a later use
   * stays), in one write. Optional:
   * without it a read rewrites the answer at once with its new use time.
   */
  touch?(keys: readonly string[], usedAt: number): Promise<void>;
  /**
   * Every answer whose key starts with `prefix`, in one read. Optional: without it each answer is read by `get`;
   * with it a warm open reads an app's answers for its user in one round trip.
   */
  entries?(prefix: string): Promise<Array<[string, StoredAnswer]>>;
}

/** A store that lasts as long as the process. */
export function memoryAnswerStore(): AnswerStore {
  const held = new Map<string, StoredAnswer>();
  return {
    get: async (key) => held.get(key),
    set: async (key, answer) => void held.set(key, answer),
    delete: async (key) => void held.delete(key),
    list: async () => [...held].map(([key, { size, usedAt }]) => ({ key, size, usedAt })),
    entries: async (prefix) => [...held].filter(([key]) => key.startsWith(prefix)),
    touch: async (keys, usedAt) => {
      for (const key of keys) {
        const found = held.get(key);
        if (found) held.set(key, { ...found, usedAt: Math.max(found.usedAt, usedAt) });
      }
    },
  };
}
