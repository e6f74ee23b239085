// The notify transaction: record the push, charge the quota of its audience and queue one row per device, set-based.
import { type Transaction as KyselyTransaction, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { DevicePlatform } from '../devices/rules.js';
import { newId, nowIso } from '../ids.js';
import { DAILY_QUOTA, quotaDay } from './quota.js';
import type { NotificationText } from './rules.js';

type Transaction = KyselyTransaction<DB>;

/** Device messages per worker job. */
export const CHUNK_SIZE = 500;

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
 * 3. one upsert that charges every recipient still under today's quota and stamps the rows it charged;
 * 4. one insert of a delivery row per device of the charged users, numbered into chunks.
 * Step 3 is atomic per row on both dialects (PostgreSQL row locks, SQLite's single writer), so parallel
 * calls, in one process or many, never charge a user past the quota.
 */
export async function createNotification(
  db: Db,
  input: NewNotification,
  at = new Date(),
): Promise<CreateResult> {
  return withDeadlockRetry(() => db.transaction().execute((trx) => create(trx, input, at)));
}

async function create(trx: Transaction, input: NewNotification, at: Date): Promise<CreateResult> {
  const id = newId('ntf');
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
      users: 0,
      delivered: 0,
      accepted: 0,
      failed: 0,
      tokensRemoved: 0,
      devices: 0,
      chunks: 0,
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
  let devices = 0;
  if (input.platforms.length > 0) {
    const day = quotaDay(at);
    const platforms = sql.join(input.platforms.map((p) => sql`${p}`));
    // Ordered by user so concurrent transactions lock quota rows in one order (no deadlocks on PostgreSQL).
    const charged = await sql`
      insert into push_quota (app_id, day, user_id, count, notification_id)
      select c.app_id, cast(${day} as text), c.user_id, 1, cast(${id} as text)
      from consents c
      where c.app_id = ${input.appId}
        and c.scopes like ${NOTIFICATIONS_GRANTED}
        and exists (select 1 from devices d where d.user_id = c.user_id and d.platform in (${platforms}))
      order by c.user_id
      on conflict (app_id, day, user_id) do update
        set count = push_quota.count + 1, notification_id = excluded.notification_id
        where push_quota.count < ${sql.lit(DAILY_QUOTA)}
    `.execute(trx);
    delivered = Number(charged.numAffectedRows ?? 0);
    if (delivered > 0) {
      const queued = await sql`
        insert into push_deliveries (notification_id, chunk, device_id, status, attempts)
        select cast(${id} as text),
               (row_number() over (order by d.platform, d.id) - 1) / ${sql.lit(CHUNK_SIZE)},
               d.id, 'queued', 0
        from push_quota q
        join devices d on d.user_id = q.user_id
        where q.app_id = ${input.appId} and q.day = ${day} and q.notification_id = ${id}
          and d.platform in (${platforms})
      `.execute(trx);
      devices = Number(queued.numAffectedRows ?? 0);
    }
  }

  const answer: NotifyAnswer = { ok: true, delivered, users: Number(users) };
  const chunks = Math.ceil(devices / CHUNK_SIZE);
  await trx
    .updateTable('notifications')
    .set({
      users: answer.users,
      delivered,
      devices,
      chunks,
      response: JSON.stringify(answer),
      finishedAt: devices === 0 ? nowIso(at) : null,
    })
    .where('id', '=', id)
    .execute();
  return { kind: 'created', id, answer, chunks };
}

/** Consent scopes are a JSON array of names; the quoted name cannot match a longer one. */
const NOTIFICATIONS_GRANTED = '%"notifications"%';

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

/** PostgreSQL may still pick a deadlock victim (e.g. with a device registration); the whole call is safe to redo. */
async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}
