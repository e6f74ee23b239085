// The moderation queue: apps waiting for review, oldest submission first, each with what changed since live.
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { AppRow } from '../db/schema.js';
import { type ChangeSummary, summarizeChanges } from './diff.js';

export interface QueueEntry {
  organizationId: string;
  organizationName: string;
  slug: string;
  sourceKind: AppRow['sourceKind'];
  name: string;
  version: number;
  liveVersion: number | null;
  /** When the head went to review. */
  submittedAt: string;
  changes: ChangeSummary;
}

export async function moderationQueue(db: Executor, limit: number): Promise<QueueEntry[]> {
  const rows = await db
    .selectFrom('apps')
    .innerJoin('organizations', 'organizations.id', 'apps.organizationId')
    .selectAll('apps')
    .select('organizations.name as organizationName')
    // A remote app sent back to review by a metadata change has no submission time; its update time serves.
    .select(sql<string>`coalesce(apps.submitted_at, apps.updated_at)`.as('waitingSince'))
    .where('apps.status', '=', 'pending_review')
    .orderBy('waitingSince')
    .orderBy('apps.id')
    .limit(limit)
    .execute();
  const entries: QueueEntry[] = [];
  for (const { organizationName, waitingSince, ...app } of rows) {
    entries.push({
      organizationId: app.organizationId,
      organizationName,
      slug: app.slug,
      sourceKind: app.sourceKind,
      name: app.name,
      version: app.version,
      liveVersion: app.liveVersion,
      submittedAt: waitingSince,
      changes: await summarizeChanges(db, app),
    });
  }
  return entries;
}
