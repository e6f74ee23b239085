// Revisions of hosted apps: one per deploy or restore, the last 20 kept, older ones pruned in the same transaction.
import type { Revision } from '@miniapps/contract';
import { REVISIONS_KEPT } from '@miniapps/contract';
import type { Executor } from '../db/database.js';
import type { CheckedFile } from './hosted-files.js';
import type { CheckedScreen } from './screens-check.js';

/** A screen as a revision keeps it, the same shape a deploy sends. */
export interface RevisionScreen {
  path: string;
  title?: string;
  json: Record<string, unknown>;
}

/** A Revision as the API answers it: the contract's schema. */
export type RevisionView = Revision;

/** A revision's files as the deploy sent them: `{"data": {...}, "strings": {...}}`. */
type RevisionFiles = Partial<Record<CheckedFile['kind'], Record<string, unknown>>>;

/** The whole deploy as JSON text, assembled from each screen's text so 30 screens are not serialized twice. */
function revisionText(screens: readonly CheckedScreen[]): string {
  const items = screens.map((screen) => {
    const title = screen.title === null ? '' : `,"title":${JSON.stringify(screen.title)}`;
    return `{"path":${JSON.stringify(screen.path)}${title},"json":${screen.jsonText}}`;
  });
  return `[${items.join(',')}]`;
}

/** The files as one JSON object built from each file's text, or null when the deploy had none. */
function filesText(files: readonly CheckedFile[]): string | null {
  if (files.length === 0) return null;
  const kinds = new Map<string, string[]>();
  for (const file of files) {
    const members = kinds.get(file.kind) ?? [];
    members.push(`${JSON.stringify(file.name)}:${file.text}`);
    kinds.set(file.kind, members);
  }
  return `{${[...kinds].map(([kind, members]) => `${JSON.stringify(kind)}:{${members.join(',')}}`).join(',')}}`;
}

export async function takeRevision(
  db: Executor,
  revision: {
    appId: string;
    version: number;
    screens: readonly CheckedScreen[];
    files: readonly CheckedFile[];
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
      files: filesText(revision.files),
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
    .$if(withScreens, (query) => query.select(['screens', 'files']))
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
    .select(['version', 'createdAt', 'createdBy', 'screenCount', 'restoredFrom', 'screens', 'files'])
    .where('appId', '=', appId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row && toView(row);
}

type RevisionRow = Omit<RevisionView, 'screens' | 'data' | 'strings'> & {
  screens?: string;
  files?: string | null;
};

function toView(row: RevisionRow): RevisionView {
  const view: RevisionView = {
    version: row.version,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    screenCount: row.screenCount,
    restoredFrom: row.restoredFrom,
  };
  if (row.screens !== undefined) view.screens = JSON.parse(row.screens) as RevisionScreen[];
  if (row.files) {
    const files = JSON.parse(row.files) as RevisionFiles;
    if (files.data) view.data = files.data;
    if (files.strings) view.strings = files.strings as Record<string, Record<string, string>>;
  }
  return view;
}
