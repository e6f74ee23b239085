// What this host has already put before the user, per app: the declared scopes it showed (so an update that
// declares a new scope asks again) and what the user granted when it last knew (so a consent withdrawn elsewhere,
// e.g. in the platform's settings, is noticed and asked again once). The platform keeps the choice itself.
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

/** One app's memory; `granted` is null when unknown (written by an older version: the shown list alone). */
interface Known {
  shown: Scope[];
  granted: Scope[] | null;
}

const isScopeList = (value: unknown): value is Scope[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function consentMemory(store: KeyValueStore) {
  async function known(org: string, slug: string): Promise<Known | null> {
    try {
      const value: unknown = JSON.parse((await store.getItem(key(org, slug))) ?? 'null');
      if (isScopeList(value)) return { shown: value, granted: null };
      const { shown, granted } = (value ?? {}) as Partial<Known>;
      if (!isScopeList(shown)) return null;
      return { shown, granted: isScopeList(granted) ? granted : null };
    } catch {
      return null;
    }
  }

  async function remember(org: string, slug: string, shown: readonly Scope[], granted: readonly Scope[]) {
    await store.setItem(key(org, slug), JSON.stringify({ shown, granted }));
  }

  /**
   * What to put before the user: declared scopes never shown here (all of them before a first choice), and
   * `revoked`, those granted when this host last knew that are declared but no longer granted.
   */
  async function review(
    org: string,
    slug: string,
    consent: { scopes: Scope[]; declared: Scope[]; updatedAt: string | null },
  ): Promise<{ unseen: Scope[]; revoked: Scope[] }> {
    if (consent.updatedAt === null) return { unseen: consent.declared, revoked: [] };
    const before = await known(org, slug);
    // A choice made elsewhere (another device) counts as asked for what is declared now.
    if (before === null) {
      await remember(org, slug, consent.declared, consent.scopes);
      return { unseen: [], revoked: [] };
    }
    const unseen = consent.declared.filter((scope) => !before.shown.includes(scope));
    const revoked = (before.granted ?? []).filter(
      (scope) => consent.declared.includes(scope) && !consent.scopes.includes(scope),
    );
    // Nothing withdrawn: learn what was granted elsewhere meanwhile. Withdrawn: kept until the user answers here.
    if (revoked.length === 0 && !sameScopes(before.granted, consent.scopes)) {
      await remember(org, slug, before.shown, consent.scopes);
    }
    return { unseen, revoked };
  }

  return { remember, review };
}

function sameScopes(a: readonly Scope[] | null, b: readonly Scope[]): boolean {
  return a !== null && a.length === b.length && a.every((scope) => b.includes(scope));
}
