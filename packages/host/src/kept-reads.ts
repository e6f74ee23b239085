// How a warm open reads kept answers fast: an app's answers for one user read from the store together at the first
// read (one round trip for the entry, consent, screen and strings), and their use times written together later.
import type { AnswerStore, StoredAnswer } from './answer-store.js';

/**
 * How long one read of an app's answers serves the reads after it, and how long their use times wait to be written:
 * past a warm open's draw, so none of its reads waits on a write (IndexedDB runs a read transaction after every
 * write transaction asked before it).
 */
export const READ_WINDOW_MS = 1000;

export interface KeptReads {
  /** The answer under `key`, one of those starting with `prefix` (an app's for one user). */
  read(key: string, prefix: string): Promise<StoredAnswer | undefined>;
  /** Drops what was read together under `prefix` (every prefix: none given): a write or clear comes after it. */
  drop(prefix?: string): void;
  /** The last use of an entry, counting a read whose use time is not written yet. */
  lastUse(entry: { key: string; usedAt: number }): number;
}

export function keptReads(store: AnswerStore, now: () => number): KeptReads {
  /** Per prefix, its answers as one read found them; undefined when the store could not list them. */
  const together = new Map<string, Promise<Map<string, StoredAnswer> | undefined>>();
  /** Keys read since the last touch, with their use time. */
  const used = new Map<string, number>();

  function touchLater(key: string, found: StoredAnswer): void {
    const { touch } = store;
    // A store that cannot touch has the answer rewritten now, behind the read.
    if (!touch) return void store.set(key, { ...found, usedAt: now() }).catch(() => {});
    // The first read since the last touch starts the wait; the others join it.
    if (used.size === 0) setTimeout(flush, READ_WINDOW_MS, touch);
    used.set(key, now());
  }

  function flush(touch: NonNullable<AnswerStore['touch']>): void {
    const keys = [...used.keys()];
    const at = Math.max(...used.values());
    used.clear();
    touch.call(store, keys, at).catch(() => {});
  }

  function readTogether(prefix: string, entries: NonNullable<AnswerStore['entries']>) {
    let found = together.get(prefix);
    if (!found) {
      const read = entries.call(store, prefix).then(
        (list) => new Map(list),
        () => undefined,
      );
      found = read;
      together.set(prefix, read);
      setTimeout(() => {
        if (together.get(prefix) === read) together.delete(prefix);
      }, READ_WINDOW_MS);
    }
    return found;
  }

  return {
    async read(key, prefix) {
      const all = store.entries && (await readTogether(prefix, store.entries));
      const found = all ? all.get(key) : await store.get(key);
      if (found) touchLater(key, found);
      return found;
    },
    drop(prefix) {
      if (prefix === undefined) return together.clear();
      for (const held of together.keys()) if (held.startsWith(prefix)) together.delete(held);
    },
    lastUse: (entry) => Math.max(entry.usedAt, used.get(entry.key) ?? 0),
  };
}
