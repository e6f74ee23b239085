// The catalog users browse: apps with an approved (live) version that moderation has not suspended.

import { MAX_CATALOG_TERMS } from '@miniapps/contract';
import { sql } from 'kysely';
import { parseScopes } from '../apps/repository.js';
import { foldForSearch } from '../apps/search-text.js';
import type { Executor } from '../db/database.js';
import type { ScopeName } from '../db/schema.js';
import { type CatalogCursor, encodeCursor } from './cursor.js';

export interface CatalogEntry {
  organizationId: string;
  organizationName: string;
  slug: string;
  /** The approved name: a renaming in review is not shown until approved. */
  name: string;
  sourceKind: 'hosted' | 'remote' | 'service';
  startPath: string;
  /** The scopes declared by the approved version: the most a user can be asked for. */
  scopes: ScopeName[];
  /** Hosted apps: the version users see. */
  version: number | null;
  /** The approved listing: https icon address, short description, category; null when not set. */
  icon: string | null;
  description: string | null;
  category: string | null;
}

export interface CatalogQuery {
  /** Words that must all occur in the name or description, in any case and script. */
  q?: string | undefined;
  category?: string | undefined;
  cursor?: CatalogCursor | undefined;
  limit: number;
}

export interface CatalogPage {
  apps: CatalogEntry[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

function catalogQuery(db: Executor) {
  return db
    .selectFrom('apps')
    .innerJoin('organizations', 'organizations.id', 'apps.organizationId')
    .select([
      'apps.organizationId',
      'organizations.name as organizationName',
      'apps.slug',
      'apps.sourceKind',
      'apps.name',
      'apps.startPath',
      'apps.scopes',
      'apps.liveName',
      'apps.liveStartPath',
      'apps.liveScopes',
      'apps.liveVersion',
      'apps.id',
      'apps.sortName',
      'apps.icon',
      'apps.description',
      'apps.category',
      'apps.liveIcon',
      'apps.liveDescription',
      'apps.liveCategory',
    ])
    .where('apps.status', '<>', 'suspended')
    .where((eb) =>
      eb.or([
        eb.and([eb('apps.sourceKind', '=', 'hosted'), eb('apps.liveVersion', 'is not', null)]),
        eb.and([eb('apps.sourceKind', '<>', 'hosted'), eb('apps.liveName', 'is not', null)]),
        // Service apps come from migrations, which may mark them published without a live copy.
        eb.and([eb('apps.sourceKind', '=', 'service'), eb('apps.status', '=', 'published')]),
      ]),
    );
}

type CatalogRow = Awaited<ReturnType<ReturnType<typeof catalogQuery>['execute']>>[number];

function toEntry(row: CatalogRow): CatalogEntry {
  return {
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    slug: row.slug,
    name: row.liveName ?? row.name,
    sourceKind: row.sourceKind,
    startPath: row.liveStartPath ?? row.startPath,
    scopes: parseScopes(row.liveScopes ?? row.scopes),
    version: row.sourceKind === 'hosted' ? row.liveVersion : null,
    // Approved apps show the approved listing; service apps (no approved copy) their own.
    icon: row.liveName === null ? row.icon : row.liveIcon,
    description: row.liveName === null ? row.description : row.liveDescription,
    category: row.liveName === null ? row.category : row.liveCategory,
  };
}

/** A LIKE pattern matching `term` anywhere, with LIKE's own characters taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** At most this many words of a query count; the rest are ignored. */

/**
 * One page of the catalog, by name (folded, by code point) then id. The search compares folded text stored
 * with the app against the folded query, so "ПРИЛОЖЕНИЕ" finds "приложение" on both dialects.
 */
export async function listCatalog(db: Executor, query: CatalogQuery): Promise<CatalogPage> {
  let select = catalogQuery(db);
  const terms = foldForSearch(query.q ?? '')
    .split(/\s+/u)
    .filter((term) => term !== '')
    .slice(0, MAX_CATALOG_TERMS);
  for (const term of terms) {
    select = select.where(sql<boolean>`apps.search_text like ${containsPattern(term)} escape '\\'`);
  }
  const category = query.category;
  if (category !== undefined) {
    select = select.where((eb) =>
      eb.or([
        eb.and([eb('apps.liveName', 'is not', null), eb('apps.liveCategory', '=', category)]),
        eb.and([eb('apps.liveName', 'is', null), eb('apps.category', '=', category)]),
      ]),
    );
  }
  const after = query.cursor;
  if (after) {
    select = select.where((eb) =>
      eb.or([
        eb('apps.sortName', '>', after.sortName),
        eb.and([eb('apps.sortName', '=', after.sortName), eb('apps.id', '>', after.id)]),
      ]),
    );
  }
  const rows = await select
    // sort_name compares by code point on both dialects (the "C" collation on PostgreSQL, migration 0031).
    .orderBy('apps.sortName')
    .orderBy('apps.id')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const more = rows.length > query.limit && last !== undefined;
  return {
    apps: page.map(toEntry),
    nextCursor: more ? encodeCursor({ sortName: last.sortName, id: last.id }) : null,
  };
}

export async function findCatalogEntry(
  db: Executor,
  org: string,
  slug: string,
): Promise<CatalogEntry | undefined> {
  const row = await catalogQuery(db)
    .where('apps.organizationId', '=', org)
    .where('apps.slug', '=', slug)
    .executeTakeFirst();
  return row && toEntry(row);
}
