// Revisions of hosted apps: one per deploy or restore, the last 20 kept, older ones pruned in the same transaction.
import type { Executor } from '../db/database.js';
import type { CheckedScreen } from '../deploy/screens-check.js';

export const REVISIONS_KEPT = 20;

/** A screen as a revision keeps it, the same shape a deploy sends. */
export interface RevisionScreen {
  path: string;
  title?: string;
  json: Record<string, unknown>;
}

export interface RevisionView {
  version: number;
  createdAt: string;
  createdBy: string | null;
  screenCount: number;
  restoredFrom: number | null;
  screens?: RevisionScreen[];
}

/** The whole deploy as JSON text, assembled from each screen's text so 30 screens are not serialized twice. */
function revisionText(screens: readonly CheckedScreen[]): string {
  const items = screens.map((screen) => {
    const title = screen.title === null ? '' : `,"title":${JSON.stringify(screen.title)}`;
    return `{"path":${JSON.stringify(screen.path)}${title},"json":${screen.jsonText}}`;
  });
  return `[${items.join(',')}]`;
}

export async function takeRevision(
  db: Executor,
  revision: {
    appId: string;
    version: number;
    screens: readonly CheckedScreen[];
    restoredFrom: number | null;
    createdBy: string;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('revisions')
    .values({
      appId: revision.appId,
      version: revision.version,
      screens: revisionText(revision.screens),
      screenCount: revision.screens.length,
      restoredFrom: revision.restoredFrom,
      createdBy: revision.createdBy,
      createdAt: revision.createdAt,
    })
    .execute();
}

/** Keeps the newest REVISIONS_KEPT revisions of an app. Each version has exactly one revision, so a bound suffices. */
export async function pruneRevisions(db: Executor, appId: string, headVersion: number): Promise<void> {
  await db
    .deleteFrom('revisions')
    .where('appId', '=', appId)
    .where('version', '<=', headVersion - REVISIONS_KEPT)
    .execute();
}

export async function listRevisions(
  db: Executor,
  appId: string,
  withScreens: boolean,
): Promise<RevisionView[]> {
  const rows = await db
    .selectFrom('revisions')
    .select(['version', 'createdAt', 'createdBy', 'screenCount', 'restoredFrom'])
    .$if(withScreens, (query) => query.select('screens'))
    .where('appId', '=', appId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => toView(row));
}

export async function findRevision(
  db: Executor,
  appId: string,
  version: number,
): Promise<RevisionView | undefined> {
  const row = await db
    .selectFrom('revisions')
    .select(['version', 'createdAt', 'createdBy', 'screenCount', 'restoredFrom', 'screens'])
    .where('appId', '=', appId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row && toView(row);
}

function toView(row: Omit<RevisionView, 'screens'> & { screens?: string }): RevisionView {
  const view: RevisionView = {
    version: row.version,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    screenCount: row.screenCount,
    restoredFrom: row.restoredFrom,
  };
  if (row.screens !== undefined) view.screens = JSON.parse(row.screens) as RevisionScreen[];
  return view;
}
