// Shapes of the consoles' answers (see /openapi.json); what every host reads comes from @miniapps/host.
import { type Scope, scopeNames } from '@miniapps/host';

export type { CatalogEntry, Consent, Scope, User } from '@miniapps/host';
export const allScopes: readonly Scope[] = scopeNames;

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

/** A pending invitation to an organization (owners see their organization's; a user sees those addressed to them). */
export interface Invitation {
  id: string;
  email: string;
  role: 'owner' | 'member';
  invitedBy: { id: string; email: string } | null;
  createdAt: string;
  expiresAt: string;
}

export interface MyInvitation extends Invitation {
  organization: { id: string; name: string };
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
