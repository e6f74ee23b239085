// Shapes a host reads: the platform's answers are @miniapps/contract's; the ways a host names an app are its own.

export type {
  CatalogEntry,
  CatalogQuery,
  Consent,
  Device,
  DevicePlatform,
  DeviceRegistration,
  EmbedOrigin,
  Scope,
  User,
} from '@miniapps/contract';
export { DEFAULT_MAP_LINK, devicePlatforms, scopeNames } from '@miniapps/contract';

import type { CatalogEntry } from '@miniapps/contract';

/** A JSON value as sent and received. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One app: `{org, slug}` or the text `"org/slug"`. */
export type AppRef = { org: string; slug: string } | string;

/** One page of the catalog. */
export interface CatalogPage {
  apps: CatalogEntry[];
  /** Present when more entries remain: pass it as `cursor` for the next page. */
  nextCursor?: string;
}
