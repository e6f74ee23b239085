// Which declared scopes this host has already put before the user, per app, so an update that declares a new
// scope asks again (the platform keeps the choice, not what was on screen when it was made).
import type { Scope } from './types.js';

/** Where the memory lives: `localStorage` in a browser, AsyncStorage in React Native, a Map by default. */
export interface KeyValueStore {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
}

/** A store that lasts as long as the process: every launch counts as a first launch on this host. */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

const key = (org: string, slug: string) => `miniapps.asked.${org}/${slug}`;

export function consentMemory(store: KeyValueStore) {
  async function asked(org: string, slug: string): Promise<Scope[] | null> {
    try {
      const value: unknown = JSON.parse((await store.getItem(key(org, slug))) ?? 'null');
      return Array.isArray(value) ? (value as Scope[]) : null;
    } catch {
      return null;
    }
  }

  async function remember(org: string, slug: string, declared: readonly Scope[]): Promise<void> {
    await store.setItem(key(org, slug), JSON.stringify(declared));
  }

  /** Declared scopes the user has not been asked about: all of them before a first choice. */
  async function toAsk(
    org: string,
    slug: string,
    consent: { declared: Scope[]; updatedAt: string | null },
  ): Promise<Scope[]> {
    if (consent.updatedAt === null) return consent.declared;
    const before = await asked(org, slug);
    // A choice made elsewhere (another device) counts as asked for what is declared now.
    if (before === null) {
      await remember(org, slug, consent.declared);
      return [];
    }
    return consent.declared.filter((scope) => !before.includes(scope));
  }

  return { remember, toAsk };
}
