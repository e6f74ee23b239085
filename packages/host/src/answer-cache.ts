// The answers a host keeps between opens (screens, datasets, strings, catalog entries, consent): per user and app,
// with the ETag they came with, in a pluggable store, bounded in bytes with least-recently-used eviction.
import { DEFAULT_HOST_CACHE_BYTES } from '@miniapps/contract';
import type { AnswerStore, StoredAnswer } from './answer-store.js';
import { keptReads } from './kept-reads.js';
import { appOf } from './paths.js';
import type { AppRef } from './types.js';

export interface AnswerCacheOptions {
  store: AnswerStore;
  /** The bytes kept, all users together; default DEFAULT_HOST_CACHE_BYTES. */
  maxBytes?: number | undefined;
  /** Who the answers are for; none (signed out, unknown) keeps and reads nothing. */
  user(): Promise<string | null | undefined>;
  now?: () => number;
}

export interface AnswerCache {
  /** The key of one answer of an app for the current user, or null when there is no user to keep it for. */
  key(app: AppRef, ...parts: string[]): Promise<string | null>;
  read(key: string): Promise<StoredAnswer | undefined>;
  /** Counts the clears: an answer asked for before one (its `since`) is not kept after it. */
  epoch(): number;
  /**
   * Keeps an answer (replacing the one there), then evicts the least recently used past the bound; not when a
   * clear came since `since` (a sign-out or a withdrawn consent while the answer was on its way).
   */
  write(key: string, etag: string, body: unknown, since?: number): Promise<void>;
  forget(key: string): Promise<void>;
  /** Forgets one app's answers, every user's (a withdrawn consent), or everything (sign-out). */
  clear(app?: AppRef): Promise<void>;
}

// A NUL never appears in a user id, an app name or a path the app-path rule lets through: the parts stay apart.
const SEPARATOR = '\u0000';

/** The start of every key of one app for one user (its first two parts): what a warm open reads together. */
const ownerPrefix = (key: string) => `${key.split(SEPARATOR, 2).join(SEPARATOR)}${SEPARATOR}`;

/** Never throws: a store that fails (private mode, quota) is a cache that keeps nothing. */
export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const { store } = options;
  const maxBytes = options.maxBytes ?? DEFAULT_HOST_CACHE_BYTES;
  const now = options.now ?? Date.now;
  const quiet = async <T>(work: () => Promise<T>, otherwise: T): Promise<T> => {
    try {
      return await work();
    } catch {
      return otherwise;
    }
  };
  let clears = 0;
  const reads = keptReads(store, now);
  const appPrefix = (app: AppRef) => {
    const { org, slug } = appOf(app);
    return `${org}/${slug}${SEPARATOR}`;
  };

  /** A change under `prefix`: what was read together there is dropped before it and again once it is made. */
  async function changing(prefix: string, change: () => Promise<void>): Promise<void> {
    reads.drop(prefix);
    try {
      await change();
    } finally {
      reads.drop(prefix);
    }
  }

  async function evict(kept: string): Promise<void> {
    const entries = (await store.list()).sort((a, b) => reads.lastUse(a) - reads.lastUse(b));
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of entries) {
      if (total <= maxBytes) return;
      if (entry.key === kept) continue;
      await store.delete(entry.key);
      total -= entry.size;
    }
  }

  return {
    async key(app, ...parts) {
      const user = await quiet(options.user, null);
      if (!user) return null;
      // The app first, so one app's answers are found for every user; the user next, so no user reads another's.
      return [appPrefix(app).slice(0, -1), user, ...parts].join(SEPARATOR);
    },
    read: (key) => quiet(() => reads.read(key, ownerPrefix(key)), undefined),
    epoch: () => clears,
    write: (key, etag, body, since = clears) =>
      quiet(async () => {
        if (since !== clears) return;
        const size = key.length + etag.length + JSON.stringify(body).length;
        // One answer larger than the whole bound is not kept (nor is an older copy of it).
        if (size > maxBytes) return changing(ownerPrefix(key), () => store.delete(key));
        await changing(ownerPrefix(key), () => store.set(key, { etag, body, size, usedAt: now() }));
        await evict(key);
      }, undefined),
    forget: (key) => quiet(() => changing(ownerPrefix(key), () => store.delete(key)), undefined),
    clear: (app) =>
      quiet(async () => {
        clears++;
        const prefix = app === undefined ? '' : appPrefix(app);
        await changing(prefix, async () => {
          for (const { key } of await store.list()) if (key.startsWith(prefix)) await store.delete(key);
        });
      }, undefined),
  };
}

/** The `sub` of a JWT, read without checking it (the platform checks it; here it only names whose answers these are). */
export function tokenSubject(token: string | null | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const text = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { sub } = JSON.parse(text) as { sub?: unknown };
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}
