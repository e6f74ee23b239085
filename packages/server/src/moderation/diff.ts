// What changed since the live version: screens and files added, removed and changed, and metadata, origin and scope changes.
import { sql } from 'kysely';
import { parseScopes } from '../apps/repository.js';
import type { Executor } from '../db/database.js';
import type { AppRow, HostedFileKind } from '../db/schema.js';

export interface ScreenChanges {
  added: string[];
  removed: string[];
  changed: string[];
  unchanged: number;
}

/** A dataset or a locale's strings of the head against the live version, with its size. */
export interface FileChange {
  kind: HostedFileKind;
  name: string;
  /** Size of the head's file, or the live one's when removed. */
  bytes: number;
  change: 'added' | 'changed' | 'unchanged' | 'removed';
}

export interface FieldChange<T> {
  from: T | null;
  to: T;
}

export interface ChangeSummary {
  /** True when nothing of the app was approved before: everything is new. */
  firstReview: boolean;
  /** Hosted apps only: the head's screens against the live version's. */
  screens: ScreenChanges | null;
  /** Hosted apps only: datasets and strings, each with its size and what happened to it. */
  files: FileChange[] | null;
  name: FieldChange<string> | null;
  startPath: FieldChange<string> | null;
  origin: FieldChange<string | null> | null;
  scopes: { added: string[]; removed: string[] } | null;
  icon: FieldChange<string | null> | null;
  description: FieldChange<string | null> | null;
  category: FieldChange<string | null> | null;
}

/**
 * Compares the head's screens with the live ones inside the database (the JSON texts never leave it), so
 * a queue of many 30-screen apps stays cheap to serve.
 */
async function screenChanges(db: Executor, app: AppRow): Promise<ScreenChanges> {
  const live = app.liveVersion ?? -1;
  const head = await db
    .selectFrom('screens as h')
    .leftJoin('screens as l', (join) =>
      join.onRef('l.appId', '=', 'h.appId').onRef('l.path', '=', 'h.path').on('l.version', '=', live),
    )
    .select([
      'h.path',
      'l.path as livePath',
      sql<number>`case when l.json = h.json and coalesce(l.title, '') = coalesce(h.title, '') then 1 else 0 end`.as(
        'same',
      ),
    ])
    .where('h.appId', '=', app.id)
    .where('h.version', '=', app.version)
    .orderBy('h.path')
    .execute();
  const headPaths = new Set(head.map((row) => row.path));
  const liveRows = await db
    .selectFrom('screens')
    .select('path')
    .where('appId', '=', app.id)
    .where('version', '=', live)
    .orderBy('path')
    .execute();
  const changes: ScreenChanges = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const row of head) {
    if (row.livePath === null) changes.added.push(row.path);
    else if (Number(row.same) === 1) changes.unchanged++;
    else changes.changed.push(row.path);
  }
  changes.removed = liveRows.map((row) => row.path).filter((path) => !headPaths.has(path));
  return changes;
}

/** The head's files against the live ones, compared inside the database like the screens. */
async function fileChanges(db: Executor, app: AppRow): Promise<FileChange[]> {
  const live = app.liveVersion ?? -1;
  const head = await db
    .selectFrom('hostedFiles as h')
    .leftJoin('hostedFiles as l', (join) =>
      join
        .onRef('l.appId', '=', 'h.appId')
        .onRef('l.kind', '=', 'h.kind')
        .onRef('l.name', '=', 'h.name')
        .on('l.version', '=', live),
    )
    .select([
      'h.kind',
      'h.name',
      'h.bytes',
      'l.name as liveName',
      sql<number>`case when l.json = h.json then 1 else 0 end`.as('same'),
    ])
    .where('h.appId', '=', app.id)
    .where('h.version', '=', app.version)
    .execute();
  const liveRows = await db
    .selectFrom('hostedFiles')
    .select(['kind', 'name', 'bytes'])
    .where('appId', '=', app.id)
    .where('version', '=', live)
    .execute();
  const changes: FileChange[] = head.map((row) => ({
    kind: row.kind,
    name: row.name,
    bytes: row.bytes,
    change: row.liveName === null ? 'added' : Number(row.same) === 1 ? 'unchanged' : 'changed',
  }));
  const inHead = new Set(head.map((row) => `${row.kind}/${row.name}`));
  for (const row of liveRows)
    if (!inHead.has(`${row.kind}/${row.name}`)) changes.push({ ...row, change: 'removed' });
  return changes.sort((a, b) => (a.kind === b.kind ? (a.name < b.name ? -1 : 1) : a.kind < b.kind ? -1 : 1));
}

function fieldChange<T>(live: T | null, head: T, approved: boolean): FieldChange<T> | null {
  if (approved && live === head) return null;
  return { from: approved ? live : null, to: head };
}

/** A listing field: unset before and now is no change, even on a first review. */
function listingChange(live: string | null, head: string | null, approved: boolean) {
  return (approved ? live : null) === head ? null : fieldChange(live, head, approved);
}

export async function summarizeChanges(db: Executor, app: AppRow): Promise<ChangeSummary> {
  const approved = app.liveName !== null;
  const liveScopes = app.liveScopes === null ? [] : parseScopes(app.liveScopes);
  const headScopes = parseScopes(app.scopes);
  const added = headScopes.filter((scope) => !liveScopes.includes(scope));
  const removed = liveScopes.filter((scope) => !headScopes.includes(scope));
  return {
    firstReview: !approved,
    screens: app.sourceKind === 'hosted' ? await screenChanges(db, app) : null,
    files: app.sourceKind === 'hosted' ? await fileChanges(db, app) : null,
    name: fieldChange(app.liveName, app.name, approved),
    startPath: fieldChange(app.liveStartPath, app.startPath, approved),
    origin: app.sourceKind === 'remote' ? fieldChange(app.liveOrigin, app.origin, approved) : null,
    icon: listingChange(app.liveIcon, app.icon, approved),
    description: listingChange(app.liveDescription, app.description, approved),
    category: listingChange(app.liveCategory, app.category, approved),
    scopes: added.length > 0 || removed.length > 0 ? { added, removed } : null,
  };
}
