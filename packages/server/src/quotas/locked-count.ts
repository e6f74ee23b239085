// Counts a parent's rows under a lock on the parent, so a count quota's check and its insert cannot race.
import { sql, type Transaction } from 'kysely';
import { lockRow } from '../db/database.js';
import type { DB } from '../db/schema.js';

/** What a count quota counts: the rows of `table` whose `column` names the parent. */
export interface CountedRows {
  table: 'organizations' | 'apps' | 'webhookEndpoints';
  column: 'createdBy' | 'organizationId' | 'appId';
}

/**
 * Locks the parent row (PostgreSQL: `for update`; SQLite runs one transaction at a time) and counts its
 * rows; the caller inserts in the same transaction, so two creations at once cannot both see room.
 */
export async function lockedCount(
  trx: Transaction<DB>,
  parent: { table: 'users' | 'organizations' | 'apps'; id: string },
  rows: CountedRows,
): Promise<number> {
  await lockRow(trx, parent.table, parent.id);
  const { rows: counted } = await sql<{ n: number }>`select count(*) as n from ${sql.table(rows.table)}
    where ${sql.ref(rows.column)} = ${parent.id}`.execute(trx);
  return Number(counted[0]?.n ?? 0);
}
