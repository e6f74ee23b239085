// The notify call's database work: record the push, answer, and charge its audience's quota, set-based.
import type { NotifyAnswer } from '@miniapps/contract';
import { DAILY_PUSH_QUOTA } from '@miniapps/contract';
import { type Transaction as KyselyTransaction, sql } from 'kysely';
import { type Db, isSqlite } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { DevicePlatform } from '../devices/rules.js';
import { newId, nowIso } from '../ids.js';
import { emitNotificationCompleted } from '../webhooks/notification-events.js';
import { NOTIFICATIONS_GRANTED, reachable } from './audience-sql.js';
import { chunkStarts, recordChunks } from './chunks.js';
import { chargeRecorded, countChargeable, withAppLock } from './postgres-charge.js';
import { quotaDay } from './quota.js';
import type { NotificationText } from './rules.js';

type Transaction = KyselyTransaction<DB>;

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
  | {
      kind: 'created';
      id: string;
      answer: NotifyAnswer;
      /** The number of chunks once the quota is charged and the chunk rows written (committed). */
      fanOut: Promise<number>;
    }
  | { kind: 'replay'; id: string; answer: NotifyAnswer; requestHash: string | null };

/**
 * The notification row is committed before the answer, with the answer in it; the charge (one counter row per
 * user) and the chunk rows, the workers' jobs, follow:
 * - on SQLite in the same transaction, one upsert for the whole audience (a single writer: atomic);
 * - on PostgreSQL after the answer is given, on the same connection holding the app's lock, so the answer does
 *   not wait for 100,000 rows to be written. The answer's count is read under that lock and nothing else
 *   charges the app until this charge commits, so it is exact. A process that dies in between leaves the
 *   push uncharged in the outbox; any node charges it there (notifications.charged_at).
 * Either way parallel calls, in one process or many, never charge a user past the quota.
 */
export async function createNotification(
  db: Db,
  input: NewNotification,
  at = new Date(),
): Promise<CreateResult> {
  if (isSqlite(db)) return db.transaction().execute((trx) => createOnSqlite(trx, input, at));
  return createOnPostgres(db, input, at);
}

async function createOnSqlite(trx: Transaction, input: NewNotification, at: Date): Promise<CreateResult> {
  const id = newId('ntf');
  const day = quotaDay(at);
  // A write first: the transaction takes SQLite's write lock at once (waiting busy_timeout for another
  // process), instead of failing as a reader that later wants to write.
  if (!(await insertRow(trx, id, input, at, { users: 0, delivered: 0 }))) return replay(trx, input);
  const users = await audienceSize(trx, input.appId);
  let delivered = 0;
  let starts: string[] = [];
  if (input.platforms.length > 0) {
    delivered = await chargeOnSqlite(trx, id, day, input);
    if (delivered > 0) starts = await chunkStarts(trx, { id, appId: input.appId, day });
  }
  await recordChunks(trx, id, starts);
  const chunks = starts.length;
  const answer: NotifyAnswer = { ok: true, delivered, users };
  const now = nowIso(at);
  await trx
    .updateTable('notifications')
    .set({
      users,
      delivered,
      chunks,
      response: JSON.stringify(answer),
      chargedAt: now,
      // Nothing to send: finished, and nothing for the outbox.
      ...(chunks === 0 && { finishedAt: now, queuedAt: now }),
    })
    .where('id', '=', id)
    .execute();
  if (chunks === 0) await emitNotificationCompleted(trx, id, at.getTime());
  return { kind: 'created', id, answer, fanOut: Promise.resolve(chunks) };
}

function createOnPostgres(db: Db, input: NewNotification, at: Date): Promise<CreateResult> {
  return new Promise<CreateResult>((answered, failed) => {
    let told = false;
    let charged!: (chunks: number) => void;
    let chargeFailed!: (error: unknown) => void;
    const fanOut = new Promise<number>((resolve, reject) => {
      charged = resolve;
      chargeFailed = reject;
    });
    fanOut.catch(() => {});
    withAppLock(db, input.appId, async (conn) => {
      const recorded = await withRetry(() =>
        conn.transaction().execute(async (trx): Promise<CreateResult> => {
          // A replay answers what was recorded without counting the audience again (the app's lock keeps
          // a twin from being recorded meanwhile; the insert's conflict check stays as the backstop).
          const earlier = await findReplay(trx, input);
          if (earlier) return earlier;
          const id = newId('ntf');
          const users = await audienceSize(trx, input.appId);
          const delivered = await countChargeable(trx, {
            id,
            appId: input.appId,
            day: quotaDay(at),
            platforms: input.platforms,
          });
          const answer: NotifyAnswer = { ok: true, delivered, users };
          if (!(await insertRow(trx, id, input, at, answer))) return replay(trx, input);
          return { kind: 'created', id, answer, fanOut };
        }),
      );
      told = true;
      answered(recorded);
      if (recorded.kind === 'created') charged(await withRetry(() => chargeRecorded(conn, recorded.id, at)));
    }).catch((error: unknown) => (told ? chargeFailed(error) : failed(error)));
  });
}

async function audienceSize(trx: Transaction, appId: string): Promise<number> {
  const { users } = await trx
    .selectFrom('consents')
    .select((eb) => eb.fn.countAll<number>().as('users'))
    .where('appId', '=', appId)
    .where('scopes', 'like', NOTIFICATIONS_GRANTED)
    .executeTakeFirstOrThrow();
  return Number(users);
}

/** Inserts the notification with its answer; false when the app already has a push with this Idempotency-Key. */
async function insertRow(
  trx: Transaction,
  id: string,
  input: NewNotification,
  at: Date,
  counts: { users: number; delivered: number },
): Promise<boolean> {
  const answer: NotifyAnswer = { ok: true, ...counts };
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
      quotaDay: quotaDay(at),
      platforms: JSON.stringify(input.platforms),
      users: counts.users,
      delivered: counts.delivered,
      accepted: 0,
      failed: 0,
      tokensRemoved: 0,
      devices: 0,
      chunks: 0,
      chunksDone: 0,
      response: JSON.stringify(answer),
      createdAt: nowIso(at),
    })
    .onConflict((oc) => oc.columns(['appId', 'idempotencyKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
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
    where ${reachable(input.appId, input.platforms)}
    on conflict (app_id, day, user_id) do update
      set count = push_quota.count + 1, second_notification_id = excluded.first_notification_id
      where push_quota.count < ${sql.lit(DAILY_PUSH_QUOTA)}
  `.execute(trx);
  return Number(charged.numAffectedRows ?? 0);
}

async function replay(trx: Transaction, input: NewNotification): Promise<CreateResult> {
  const earlier = await findReplay(trx, input);
  if (!earlier) throw new Error('no notification recorded under this Idempotency-Key');
  return earlier;
}

/** The app's push recorded under this Idempotency-Key, as its replay; undefined when there is none. */
async function findReplay(trx: Transaction, input: NewNotification): Promise<CreateResult | undefined> {
  if (input.idempotencyKey === null) return undefined;
  const first = await trx
    .selectFrom('notifications')
    .select(['id', 'response', 'requestHash'])
    .where('appId', '=', input.appId)
    .where('idempotencyKey', '=', input.idempotencyKey)
    .executeTakeFirst();
  if (!first) return undefined;
  return {
    kind: 'replay',
    id: first.id,
    answer: JSON.parse(first.response ?? '{"ok":true,"delivered":0,"users":0}') as NotifyAnswer,
    requestHash: first.requestHash,
  };
}

/**
 * PostgreSQL may pick a deadlock victim, or a concurrent writer may have inserted a row first (unique
 * violation): the transaction is safe to redo.
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
