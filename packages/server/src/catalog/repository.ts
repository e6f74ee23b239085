// The catalog users browse: apps with an approved (live) version that moderation has not suspended.

import { parseScopes } from '../apps/repository.js';
import type { Executor } from '../db/database.js';
import type { ScopeName } from '../db/schema.js';

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
  };
}

export async function listCatalog(db: Executor): Promise<CatalogEntry[]> {
  const rows = await catalogQuery(db).orderBy('apps.organizationId').orderBy('apps.slug').execute();
  return rows.map(toEntry).sort((a, b) => a.name.localeCompare(b.name));
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
