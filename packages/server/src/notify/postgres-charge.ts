// PostgreSQL's side of a push: the per-app lock, the read-only count the answer gives, and the charge made after it.
import { DAILY_PUSH_QUOTA } from '@miniapps/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { DevicePlatform } from '../devices/rules.js';
import { nowIso } from '../ids.js';
import { emitNotificationCompleted } from '../webhooks/notification-events.js';
import { reachable } from './audience-sql.js';
import { recordChunks, USERS_PER_CHUNK } from './chunks.js';

/**
 * Pushes of one app take turns (a session advisory lock, on every node sharing the database): a push's count
 * is exact only while no other push of the app charges, and its charge is committed after its answer.
 * Runs `work` on one pooled connection that holds the app's lock until `work` settles.
 */
export function withAppLock<T>(
  db: Kysely<DB>,
  appId: string,
  work: (conn: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const name = `miniapps.push:${appId}`;
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(conn).catch(() => {});
    }
  });
}

/**
 * Hash joins whatever the statistics say: today's quota rows are always newer than the last ANALYZE (a new
 * day, or written by the push a minute ago), so the planner believes the audience and today's rows are one
 * row each and picks nested loops over 20,000 × 20,000 rows (14.8 s instead of 0.1 s; bench/RESULTS.md).
 * Sorting and hashing an audience of 100,000s in memory, not in temporary files.
 */
async function planForAudiences(trx: Transaction<DB>): Promise<void> {
  await sql`set local work_mem = '64MB'`.execute(trx);
  await sql`set local enable_nestloop = off`.execute(trx);
}

export interface ChargeTarget {
  id: string;
  appId: string;
  day: string;
  platforms: readonly DevicePlatform[];
}

/** Users the charge will reach, read only: the reachable audience not yet at today's quota. */
export async function countChargeable(trx: Transaction<DB>, push: ChargeTarget): Promise<number> {
  if (push.platforms.length === 0) return 0;
  await planForAudiences(trx);
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from consents c
    where ${reachable(push.appId, push.platforms)}
      and not exists (
        select 1 from push_quota q
        where q.app_id = ${push.appId} and q.day = ${push.day} and q.user_id = c.user_id
          and q.count >= ${sql.lit(DAILY_PUSH_QUOTA)}
      )
  `.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Charges a recorded push and cuts it into chunks, once: the caller holds the app's lock, and a push already
 * charged (by another node's recovery) is left alone. Returns the number of chunks.
 */
export async function chargeRecorded(db: Kysely<DB>, id: string, at = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const push = await trx
      .selectFrom('notifications')
      .select(['appId', 'quotaDay', 'platforms', 'chargedAt', 'chunks'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!push || push.chargedAt !== null) return push?.chunks ?? 0;
    const target: ChargeTarget = {
      id,
      appId: push.appId,
      day: push.quotaDay ?? '',
      platforms: JSON.parse(push.platforms ?? '[]') as DevicePlatform[],
    };
    const starts = target.platforms.length > 0 ? await chargeOnPostgres(trx, target) : [];
    await recordChunks(trx, id, starts);
    const now = nowIso(at);
    await trx
      .updateTable('notifications')
      .set({
        chunks: starts.length,
        chargedAt: now,
        ...(starts.length === 0 && { finishedAt: now, queuedAt: now }),
      })
      .where('id', '=', id)
      .execute();
    if (starts.length === 0) await emitNotificationCompleted(trx, id, at.getTime());
    return starts.length;
  });
}

/**
 * One statement, faster than a 100,000-row upsert. It reads the audience once, updates the users charged
 * once today (a hash join; HOT, as no key changes), inserts those not charged yet (a hash anti-join), and
 * numbers everyone it charged to return the chunk starts, so the quota rows are not read again. The update's
 * row locks and re-check of `count < 2` keep the quota even if two pushes of the app met (the app lock makes
 * them take turns). Inserts go in user order, so concurrent ones wait for each other instead of deadlocking.
 */
async function chargeOnPostgres(trx: Transaction<DB>, push: ChargeTarget): Promise<string[]> {
  await planForAudiences(trx);
  const { id, appId, day } = push;
  const { rows } = await sql<{ userId: string }>`
    with audience as materialized (
      select c.user_id from consents c where ${reachable(appId, push.platforms)}
    ),
    updated as (
      update push_quota q
      set count = q.count + 1, second_notification_id = ${id}
      from audience a
      where q.app_id = ${appId} and q.day = ${day} and q.user_id = a.user_id
        and q.count < ${sql.lit(DAILY_PUSH_QUOTA)} and q.first_notification_id <> ${id}
      returning q.user_id
    ),
    inserted as (
      insert into push_quota (app_id, day, user_id, count, first_notification_id)
      select cast(${appId} as text), cast(${day} as text), a.user_id, 1, cast(${id} as text)
      from audience a
      where not exists (
        select 1 from push_quota q where q.app_id = ${appId} and q.day = ${day} and q.user_id = a.user_id
      )
      order by a.user_id
      returning user_id
    ),
    charged as (
      select user_id, row_number() over (order by user_id) as n
      from (select user_id from updated union all select user_id from inserted) both_ways
    )
    select user_id from charged where (n - 1) % ${sql.lit(USERS_PER_CHUNK)} = 0 order by user_id
  `.execute(trx);
  return rows.map((row) => row.userId);
}

/** Charges a push its node recorded and answered but did not live to charge (outbox recovery). */
export async function chargeLeftBehind(db: Kysely<DB>, push: { id: string; appId: string }): Promise<number> {
  return withAppLock(db, push.appId, (conn) => chargeRecorded(conn, push.id));
}
