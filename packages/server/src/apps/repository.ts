// Mini-app records: create, read, list and update, shared by the management API and the other concerns.
import type { App } from '@miniapps/contract';

import type { Db, Executor } from '../db/database.js';
import type { AppRow, AppStatus, AppUpdate, ScopeName } from '../db/schema.js';
import { newUuid, nowIso } from '../ids.js';
import { lockedCount } from '../quotas/locked-count.js';
import { catalogSearchText, catalogSortName } from './search-text.js';

/** Store listing: https icon address, short description, category; null when not set. */
export interface Listing {
  icon: string | null;
  description: string | null;
  category: string | null;
}

/** A App as the API answers it: the contract's schema. */
export type AppView = App;

export function toAppView(row: AppRow): AppView {
  const approved = row.liveName !== null;
  return {
    organizationId: row.organizationId,
    slug: row.slug,
    name: row.name,
    sourceKind: row.sourceKind,
    origin: row.origin,
    startPath: row.startPath,
    scopes: parseScopes(row.scopes),
    icon: row.icon,
    description: row.description,
    category: row.category,
    status: row.status,
    version: row.version,
    liveVersion: row.liveVersion,
    live: approved
      ? {
          name: row.liveName!,
          origin: row.liveOrigin,
          startPath: row.liveStartPath ?? row.startPath,
          scopes: parseScopes(row.liveScopes ?? '[]'),
          icon: row.liveIcon,
          description: row.liveDescription,
          category: row.liveCategory,
        }
      : null,
    reviewNote: row.reviewNote,
    responseRetentionDays: row.responseRetentionDays,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function parseScopes(text: string): ScopeName[] {
  return JSON.parse(text) as ScopeName[];
}

export interface NewAppInput extends Listing {
  organizationId: string;
  slug: string;
  sourceKind: 'hosted' | 'remote';
  name: string;
  origin: string | null;
  startPath: string;
  scopes: ScopeName[];
  status: AppStatus;
  createdBy: string;
}

/** Inserts an app; undefined when the slug is taken in the organization. Never writes `service`. */
export async function insertApp(db: Executor, input: NewAppInput): Promise<AppRow | undefined> {
  const now = nowIso();
  return db
    .insertInto('apps')
    .values({
      id: newUuid(),
      organizationId: input.organizationId,
      slug: input.slug,
      sourceKind: input.sourceKind,
      name: input.name,
      origin: input.origin,
      startPath: input.startPath,
      scopes: JSON.stringify(input.scopes),
      icon: input.icon,
      description: input.description,
      category: input.category,
      searchText: catalogSearchText(input.name, input.description),
      sortName: catalogSortName(input.name),
      status: input.status,
      version: 0,
      createdBy: input.createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.columns(['organizationId', 'slug']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Why an app was not created: its slug is taken, or the organization holds `limit` apps already. */
export type CreateAppResult =
  | { ok: true; row: AppRow }
  | { ok: false; reason: 'exists' }
  | { ok: false; reason: 'quota'; limit: number };

/**
 * Inserts an app unless its organization holds `maxPerOrg` apps already. The organization's row is locked
 * first, so two creations at once cannot both pass the count.
 */
export async function createApp(db: Db, input: NewAppInput, maxPerOrg: number): Promise<CreateAppResult> {
  return db.transaction().execute(async (trx) => {
    const apps = await lockedCount(
      trx,
      { table: 'organizations', id: input.organizationId },
      { table: 'apps', column: 'organizationId' },
    );
    if (apps >= maxPerOrg) return { ok: false, reason: 'quota', limit: maxPerOrg };
    const row = await insertApp(trx, input);
    return row ? { ok: true, row } : { ok: false, reason: 'exists' };
  });
}

export async function findApp(
  db: Executor,
  organizationId: string,
  slug: string,
): Promise<AppRow | undefined> {
  return db
    .selectFrom('apps')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function findAppById(db: Executor, id: string): Promise<AppRow | undefined> {
  return db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listApps(db: Executor, organizationId: string): Promise<AppRow[]> {
  return db
    .selectFrom('apps')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('slug')
    .execute();
}

/** Updates an app; `sourceKind` can never be changed here (service apps come only from migrations). */
export async function updateApp(
  db: Executor,
  id: string,
  changes: Omit<AppUpdate, 'sourceKind' | 'id'>,
): Promise<AppRow> {
  return db
    .updateTable('apps')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
