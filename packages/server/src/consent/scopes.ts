// What an app may receive: the scopes a user granted, cut down to the ones the app declares.
import { type ScopeName, scopeNames } from '../db/schema.js';

/** Parses stored scope JSON; anything unreadable grants nothing. */
export function parseStoredScopes(text: string | null | undefined): ScopeName[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? scopeNames.filter((s) => value.includes(s)) : [];
  } catch {
    return [];
  }
}

/**
 * granted ∩ declared, in the registry's order. A scope the app does not declare is never passed,
 * whatever the user once granted (docs/contract.md "Scope").
 */
export function effectiveScopes(granted: readonly ScopeName[], declared: readonly ScopeName[]): ScopeName[] {
  return scopeNames.filter((s) => granted.includes(s) && declared.includes(s));
}
