// Remembers each (app, user) request context, and forgets all of it at the first write made in this process.
import type { WriteCounter } from './write-counter.js';

export interface ContextKey {
  org: string;
  slug: string;
  userId: string;
}

export interface ContextCacheOptions {
  /**
   * Longest an entry is trusted: bounds staleness from writes this process is not told of. A function
   * when it depends on whether the cross-node announcements (write-broadcast.ts) are arriving.
   */
  ttlMs: number | (() => number);
  maxEntries: number;
  /**
   * Asked when an entry's time is up and no write made it old: true when nothing can have changed
   * behind this process's back (write-counter.ts), and the entry then gets another term unread.
   */
  renew?: () => boolean;
  /**
   * True for a load failure that is an outage (database unreachable): the last entry for the key is then
   * served, up to STALE_IF_UNAVAILABLE_MS past its term, so proxied calls of known users keep working.
   */
  staleIfError?: (error: unknown) => boolean;
}

/** How long past its term an entry may stand in for a database that does not answer. */
export const STALE_IF_UNAVAILABLE_MS = 10 * 60_000; // 10 min

export interface ContextCache<T> {
  /** The entry if it is still good, without waiting: what almost every proxied request gets. */
  fresh(key: ContextKey): T | undefined;
  /** The entry if it is still good, or a newly loaded one (undefined when the loader finds nothing). */
  get(key: ContextKey): Promise<T | undefined>;
}

/**
 * The context query was the largest share of a proxied request's CPU (bench/RESULTS.md). Entries
 * carry the write count they were read under: any insert, update or delete through `platform.db`
 * (a suspension, a consent, a rotated secret, a profile change) makes every entry old at once, so
 * one process never serves stale state. Writes by other processes sharing the database move the
 * count too when they are announced over Redis, and are otherwise picked up within `ttlMs`.
 */
export function createContextCache<T>(
  writes: WriteCounter,
  load: (key: ContextKey) => Promise<T | undefined>,
  options: ContextCacheOptions = { ttlMs: 1000, maxEntries: 50_000 },
): ContextCache<T> {
  const entries = new Map<string, { value: T; count: number; until: number }>();
  const idOf = (key: ContextKey) => `${key.org}/${key.slug}/${key.userId}`;

  const ttl = () => (typeof options.ttlMs === 'number' ? options.ttlMs : options.ttlMs());

  function fresh(key: ContextKey): T | undefined {
    const hit = entries.get(idOf(key));
    if (hit === undefined || hit.count !== writes.count) return undefined;
    const now = performance.now();
    if (hit.until > now) return hit.value;
    // `renew` may find a write made elsewhere and move the count: the entry is old then.
    if (options.renew?.() && hit.count === writes.count) {
      hit.until = now + ttl();
      return hit.value;
    }
    return undefined;
  }

  async function get(key: ContextKey): Promise<T | undefined> {
    const known = fresh(key);
    if (known !== undefined) return known;
    const id = idOf(key);
    // The count is taken before the read: a write landing meanwhile leaves this entry already old.
    const count = writes.count;
    let value: T | undefined;
    try {
      value = await load(key);
    } catch (error) {
      const last = entries.get(id);
      if (last && options.staleIfError?.(error) && performance.now() - last.until < STALE_IF_UNAVAILABLE_MS)
        return last.value;
      throw error;
    }
    if (value === undefined) {
      entries.delete(id);
      return value;
    }
    if (!entries.has(id) && entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(id, { value, count, until: performance.now() + ttl() });
    return value;
  }

  return { fresh, get };
}
