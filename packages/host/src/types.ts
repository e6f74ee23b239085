// Shapes of the platform's answers a host reads (see the platform's /openapi.json).

export const scopeNames = ['identity', 'email', 'profile', 'group', 'notifications'] as const;
/** A piece of the user's identity an app may receive once the user grants it. */
export type Scope = (typeof scopeNames)[number];

/** A JSON value as sent and received. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One app: `{org, slug}` or the text `"org/slug"`. */
export type AppRef = { org: string; slug: string } | string;

export interface User {
  id: string;
  email: string;
  fullName: string | null;
  course: string | null;
  group: string | null;
  roles: string[];
}

/** An app users may open: its approved name, start path and declared scopes. */
export interface CatalogEntry {
  organizationId: string;
  organizationName: string;
  slug: string;
  name: string;
  sourceKind: 'hosted' | 'remote' | 'service';
  startPath: string;
  scopes: Scope[];
  /** Hosted apps: the version users see. */
  version: number | null;
  /** Store listing, on platforms that have it: an https icon, a short description, a category. */
  icon?: string | null;
  description?: string | null;
  category?: string | null;
}

export interface CatalogQuery {
  /** Words searched in names and descriptions (case-insensitive). */
  q?: string;
  category?: string;
  /** The `nextCursor` of the page before. */
  cursor?: string;
  limit?: number;
}

export interface CatalogPage {
  apps: CatalogEntry[];
  /** Present when more entries remain: pass it as `cursor` for the next page. */
  nextCursor?: string;
}

export interface Consent {
  /** What the app receives: granted and declared. */
  scopes: Scope[];
  declared: Scope[];
  /** Null until the user's first choice. */
  updatedAt: string | null;
}

export const devicePlatforms = ['android', 'ios', 'huawei', 'rustore'] as const;
export type DevicePlatform = (typeof devicePlatforms)[number];

export interface Device {
  id: string;
  platform: DevicePlatform;
  token: string;
  clientApp: string | null;
  createdAt: string;
  updatedAt: string;
}
