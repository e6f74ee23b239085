// Shapes of the platform's answers the client reads (see /openapi.json).

export type Scope = 'identity' | 'email' | 'profile' | 'group' | 'notifications';
export const allScopes: Scope[] = ['identity', 'email', 'profile', 'group', 'notifications'];

export interface User {
  id: string;
  email: string;
  fullName: string | null;
  course: string | null;
  group: string | null;
  roles: string[];
}

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
  role?: 'owner' | 'member';
}

export interface Member {
  userId: string;
  email: string;
  fullName: string | null;
  role: 'owner' | 'member';
  createdAt: string;
}

export type AppStatus = 'draft' | 'pending_review' | 'published' | 'rejected' | 'suspended';

export interface App {
  organizationId: string;
  slug: string;
  name: string;
  sourceKind: 'hosted' | 'remote' | 'service';
  origin: string | null;
  startPath: string;
  scopes: Scope[];
  status: AppStatus;
  version: number;
  liveVersion: number | null;
  live: { name: string; origin: string | null; startPath: string; scopes: Scope[] } | null;
  reviewNote: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeployToken {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CreatedToken extends DeployToken {
  token: string;
}

export interface ScreenItem {
  path: string;
  title?: string;
  json: unknown;
}

export interface Revision {
  version: number;
  createdAt: string;
  screens?: ScreenItem[];
  screenCount?: number;
  restoredFrom?: number | null;
  createdBy?: string | null;
}

/** An app users may open: its approved name, start path and declared scopes. */
export interface CatalogEntry {
  organizationId: string;
  organizationName: string;
  slug: string;
  name: string;
  sourceKind: string;
  startPath: string;
  scopes: Scope[];
  version: number | null;
}

export interface Consent {
  /** What the app receives: granted and declared. */
  scopes: Scope[];
  declared: Scope[];
  /** Null until the user's first choice. */
  updatedAt: string | null;
}
