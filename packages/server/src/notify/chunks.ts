// How a push is cut into worker jobs: consecutive runs of 250 charged users (about 500 device messages).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

export const USERS_PER_CHUNK = 250;

/**
 * The first user id of every run of USERS_PER_CHUNK users the push charged, in key order, read off the
 * quota rows in one ordered pass. A chunk covers its first user up to the next chunk's.
 */
export async function chunkStarts(
  trx: Transaction<DB>,
  push: { id: string; appId: string; day: string },
): Promise<string[]> {
  const { rows } = await sql<{ userId: string }>`
    select user_id from (
      select user_id, row_number() over (order by user_id) as n
      from push_quota
      where app_id = ${push.appId} and day = ${push.day}
        and (first_notification_id = ${push.id} or second_notification_id = ${push.id})
    ) charged
    where (n - 1) % ${sql.lit(USERS_PER_CHUNK)} = 0
    order by user_id
  `.execute(trx);
  // (The CamelCasePlugin renames result columns: user_id arrives as userId.)
  return rows.map((row) => row.userId);
}

/** Inserts the chunk rows, the workers' jobs (4,000 for a million users). */
export async function recordChunks(
  trx: Transaction<DB>,
  id: string,
  starts: readonly string[],
): Promise<void> {
  for (let from = 0; from < starts.length; from += 1000) {
    await trx
      .insertInto('pushChunks')
      .values(
        starts.slice(from, from + 1000).map((fromUserId, i) => ({
          notificationId: id,
          chunk: from + i,
          fromUserId,
          toUserId: starts[from + i + 1] ?? null,
          expanded: 0,
          done: 0,
        })),
      )
      .execute();
  }
}
