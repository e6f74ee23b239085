// Shapes of the moderation API's answers.

export interface FieldChange<T> {
  from: T | null;
  to: T;
}

export interface FileChange {
  kind: 'data' | 'strings';
  name: string;
  bytes: number;
  change: 'added' | 'changed' | 'unchanged' | 'removed';
}

export interface ChangeSummary {
  firstReview: boolean;
  screens: { added: string[]; removed: string[]; changed: string[]; unchanged: number } | null;
  /** Hosted apps: datasets and locale strings deployed with the screens, each with its size. */
  files: FileChange[] | null;
  name: FieldChange<string> | null;
  startPath: FieldChange<string> | null;
  origin: FieldChange<string | null> | null;
  scopes: { added: string[]; removed: string[] } | null;
  /** The store listing: each null when unchanged. */
  icon: FieldChange<string | null> | null;
  description: FieldChange<string | null> | null;
  category: FieldChange<string | null> | null;
}

export interface QueueItem {
  organizationId: string;
  organizationName: string;
  slug: string;
  sourceKind: string;
  name: string;
  version: number;
  liveVersion: number | null;
  submittedAt: string;
  changes: ChangeSummary;
}

export interface AuditEntry {
  at: string;
  action: string;
  actor: { id: string; email: string } | null;
  from: string | null;
  to: string | null;
  reason: string | null;
  version: number | null;
  details: Record<string, unknown> | null;
}
