// The notify transaction: record the push, charge its audience's quota and cut it into chunks, set-based.
import { type Transaction as KyselyTransaction, sql } from 'kysely';
import { type Db, isSqlite } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { DevicePlatform } from '../devices/rules.js';
import { newId, nowIso } from '../ids.js';
import { chunkStarts, recordChunks, USERS_PER_CHUNK } from './chunks.js';
import { DAILY_QUOTA, quotaDay } from './quota.js';
import type { NotificationText } from './rules.js';

type Transaction = KyselyTransaction<DB>;

export interface NotifyAnswer {
  ok: true;
  delivered: number;
  users: number;
}

export interface NewNotification extends NotificationText {
  appId: string;
  sentTitle: string;
  link: string;
  idempotencyKey: string | null;
  requestHash: string;
  tokenId: string;
  /** Platforms with a configured provider; devices of other platforms cannot be reached. */
  platforms: readonly DevicePlatform[];
}

export type CreateResult =
  | { kind: 'created'; id: string; answer: NotifyAnswer; chunks: number }
  | { kind: 'replay'; id: string; answer: NotifyAnswer; requestHash: string | null };

/**
 * One transaction, a fixed number of statements whatever the audience:
 * 1. the notification row (its unique Idempotency-Key makes a concurrent twin wait, then replay);
 * 2. the audience count;
 * 3. the charge: every recipient still under today's quota, the push recorded on the counter rows it
 *    charged (workers read the recipients back from there, chunk by chunk), and the chunk boundaries;
 * 4. the chunk rows (a few thousand for a million users), the workers' jobs.
 * Step 3 is atomic per row on both dialects (PostgreSQL row locks, SQLite's single writer), so parallel
 * calls, in one process or many, never charge a user past the quota.
 */
export async function createNotification(
  db: Db,
  input: NewNotification,
  at = new Date(),
): Promise<CreateResult> {
  return withRetry(() => db.transaction().execute((trx) => create(trx, input, at)));
}

async function create(trx: Transaction, input: NewNotification, at: Date): Promise<CreateResult> {
  const id = newId('ntf');
  const day = quotaDay(at);
  const inserted = await trx
    .insertInto('notifications')
    .values({
      id,
      appId: input.appId,
      title: input.title,
      body: input.body,
      page: input.page,
      sentTitle: input.sentTitle,
      link: input.link,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      tokenId: input.tokenId,
      quotaDay: day,
      platforms: JSON.stringify(input.platforms),
      users: 0,
      delivered: 0,
      accepted: 0,
      failed: 0,
      tokensRemoved: 0,
      devices: 0,
      chunks: 0,
      chunksDone: 0,
      response: null,
      createdAt: nowIso(at),
    })
    .onConflict((oc) => oc.columns(['appId', 'idempotencyKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return replay(trx, input);

  const { users } = await trx
    .selectFrom('consents')
    .select((eb) => eb.fn.countAll<number>().as('users'))
    .where('appId', '=', input.appId)
    .where('scopes', 'like', NOTIFICATIONS_GRANTED)
    .executeTakeFirstOrThrow();

  let delivered = 0;
  let starts: string[] = [];
  if (input.platforms.length > 0 && isSqlite(trx)) {
    delivered = await chargeOnSqlite(trx, id, day, input);
    if (delivered > 0) starts = await chunkStarts(trx, { id, appId: input.appId, day });
  } else if (input.platforms.length > 0) {
    ({ delivered, starts } = await chargeOnPostgres(trx, id, day, input));
  }
  await recordChunks(trx, id, starts);
  const chunks = starts.length;
  const answer: NotifyAnswer = { ok: true, delivered, users: Number(users) };
  await trx
    .updateTable('notifications')
    .set({
      users: answer.users,
      delivered,
      chunks,
      response: JSON.stringify(answer),
      finishedAt: chunks === 0 ? nowIso(at) : null,
      // Nothing to queue: not in the outbox.
      queuedAt: chunks === 0 ? nowIso(at) : null,
    })
    .where('id', '=', id)
    .execute();
  return { kind: 'created', id, answer, chunks };
}

/** Consent scopes are a JSON array of names; the quoted name cannot match a longer one. */
const NOTIFICATIONS_GRANTED = '%"notifications"%';

/** The app's audience that has a device some configured provider reaches. */
function reachable(input: NewNotification) {
  const platforms = sql.join(input.platforms.map((p) => sql`${p}`));
  return sql`c.app_id = ${input.appId}
    and c.scopes like ${NOTIFICATIONS_GRANTED}
    and exists (select 1 from devices d where d.user_id = c.user_id and d.platform in (${platforms}))`;
}

/**
 * SQLite: one upsert charges everyone (a single writer, so it is atomic), recording the push on the row as
 * its first or second charge of the day.
 */
async function chargeOnSqlite(
  trx: Transaction,
  id: string,
  day: string,
  input: NewNotification,
): Promise<number> {
  const charged = await sql`
    insert into push_quota (app_id, day, user_id, count, first_notification_id)
    select c.app_id, ${day}, c.user_id, 1, ${id}
    from consents c
    where ${reachable(input)}
    on conflict (app_id, day, user_id) do update
      set count = push_quota.count + 1, second_notification_id = excluded.first_notification_id
      where push_quota.count < ${sql.lit(DAILY_QUOTA)}
  `.execute(trx);
  return Number(charged.numAffectedRows ?? 0);
}

/**
 * PostgreSQL: one statement, faster there than a 100,000-row upsert. It reads the audience once, updates the
 * users charged once today (a hash join; HOT, as no key changes), inserts those not charged yet (a hash
 * anti-join), and numbers everyone it charged to return the chunk starts, so the quota rows are not read
 * again. The update's row locks and re-check of `count < 2` keep parallel pushes within the quota. A
 * parallel push inserting the same new user makes the insert fail with a unique violation; the caller redoes
 * the whole transaction, and the user is then charged by the update. Inserts go in user order, so concurrent
 * ones wait for each other instead of deadlocking.
 */
async function chargeOnPostgres(
  trx: Transaction,
  id: string,
  day: string,
  input: NewNotification,
): Promise<{ delivered: number; starts: string[] }> {
  // Sorting and hashing an audience of 100,000s in memory, not in temporary files.
  await sql`set local work_mem = '64MB'`.execute(trx);
  // Hash joins whatever the statistics say: today's quota rows are always newer than the last ANALYZE (a new
  // day, or written by the push a minute ago), so the planner believes the audience and today's rows are one
  // row each and picks nested loops over 20,000 × 20,000 rows (14.8 s instead of 0.1 s; bench/RESULTS.md).
  await sql`set local enable_nestloop = off`.execute(trx);
  const { rows } = await sql<{ userId: string; total: number }>`
    with audience as materialized (
      select c.user_id from consents c where ${reachable(input)}
    ),
    updated as (
      update push_quota q
      set count = q.count + 1, second_notification_id = ${id}
      from audience a
      where q.app_id = ${input.appId} and q.day = ${day} and q.user_id = a.user_id
        and q.count < ${sql.lit(DAILY_QUOTA)} and q.first_notification_id <> ${id}
      returning q.user_id
    ),
    inserted as (
      insert into push_quota (app_id, day, user_id, count, first_notification_id)
      select cast(${input.appId} as text), cast(${day} as text), a.user_id, 1, cast(${id} as text)
      from audience a
      where not exists (
        select 1 from push_quota q where q.app_id = ${input.appId} and q.day = ${day} and q.user_id = a.user_id
      )
      order by a.user_id
      returning user_id
    ),
    charged as (
      select user_id, row_number() over (order by user_id) as n, count(*) over () as total
      from (select user_id from updated union all select user_id from inserted) both_ways
    )
    select user_id, total from charged where (n - 1) % ${sql.lit(USERS_PER_CHUNK)} = 0 order by user_id
  `.execute(trx);
  return { delivered: Number(rows[0]?.total ?? 0), starts: rows.map((row) => row.userId) };
}

async function replay(trx: Transaction, input: NewNotification): Promise<CreateResult> {
  const first = await trx
    .selectFrom('notifications')
    .select(['id', 'response', 'requestHash'])
    .where('appId', '=', input.appId)
    .where('idempotencyKey', '=', input.idempotencyKey)
    .executeTakeFirstOrThrow();
  return {
    kind: 'replay',
    id: first.id,
    answer: JSON.parse(first.response ?? '{"ok":true,"delivered":0,"users":0}') as NotifyAnswer,
    requestHash: first.requestHash,
  };
}

/**
 * PostgreSQL may pick a deadlock victim, or a parallel push may have inserted a user first (unique
 * violation): the whole call is safe to redo, and the second time the user's row is there.
 */
async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || !RETRYABLE.has(code ?? '')) throw error;
    }
  }
}

const RETRYABLE = new Set(['40P01', '40001', '23505']);
