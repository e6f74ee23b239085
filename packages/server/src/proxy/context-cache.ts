// Remembers each (app, user) request context, and forgets all of it at the first write made in this process.
import type { ContextRow } from './request-context.js';
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
}

/**
 * The context query was the largest share of a proxied request's CPU (bench/RESULTS.md). Entries
 * carry the write count they were read under: any insert, update or delete through `platform.db`
 * (a suspension, a consent, a rotated secret, a profile change) makes every entry old at once, so
 * one process never serves stale state. Writes by other processes sharing the database move the
 * count too when they are announced over Redis, and are otherwise picked up within `ttlMs`.
 */
export function createContextCache(
  writes: WriteCounter,
  load: (key: ContextKey) => Promise<ContextRow | undefined>,
  options: ContextCacheOptions = { ttlMs: 1000, maxEntries: 50_000 },
): (key: ContextKey) => Promise<ContextRow | undefined> {
  const entries = new Map<string, { row: ContextRow; count: number; until: number }>();

  return async (key) => {
    const id = `${key.org}/${key.slug}/${key.userId}`;
    const now = performance.now();
    const hit = entries.get(id);
    if (hit !== undefined && hit.count === writes.count && hit.until > now) return hit.row;
    // The count is taken before the read: a write landing meanwhile leaves this entry already old.
    const count = writes.count;
    const row = await load(key);
    if (row === undefined) {
      entries.delete(id);
      return row;
    }
    if (hit === undefined && entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
    const ttl = typeof options.ttlMs === 'number' ? options.ttlMs : options.ttlMs();
    entries.set(id, { row, count, until: now + ttl });
    return row;
  };
}
