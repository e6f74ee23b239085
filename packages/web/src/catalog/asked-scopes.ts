// Which declared scopes this browser has already put before the user, per app, so an update that declares a new
// scope asks again (the platform keeps the choice, not what was on screen when it was made).
import type { Scope } from '../api/types.js';

const key = (org: string, slug: string) => `miniapps.asked.${org}/${slug}`;

export function askedScopes(org: string, slug: string): Scope[] | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(org, slug)) ?? 'null');
    return Array.isArray(value) ? (value as Scope[]) : null;
  } catch {
    return null;
  }
}

export function rememberAsked(org: string, slug: string, declared: readonly Scope[]): void {
  localStorage.setItem(key(org, slug), JSON.stringify(declared));
}

/** Declared scopes the user has not been asked about: all of them before a first choice. */
export function scopesToAsk(
  org: string,
  slug: string,
  consent: { declared: Scope[]; updatedAt: string | null },
): Scope[] {
  if (consent.updatedAt === null) return consent.declared;
  const asked = askedScopes(org, slug);
  // A choice made elsewhere (another browser) counts as asked for what is declared now.
  if (asked === null) {
    rememberAsked(org, slug, consent.declared);
    return [];
  }
  return consent.declared.filter((scope) => !asked.includes(scope));
}
