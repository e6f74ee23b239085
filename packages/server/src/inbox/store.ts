// The development push inbox: what the `web-dev` provider keeps per user, read, marked read and emptied by its owner.
import type { InboxItem } from '@miniapps/contract';
import { INBOX_DEFAULT_LIMIT } from '@miniapps/contract';
import type { Db, Executor } from '../db/database.js';
import type { DevInboxTable } from '../db/schema.js';
import { newId, nowIso } from '../ids.js';

/** What a push carries into the inbox: a row less what the inbox itself adds (the provider's message has this shape). */
export type InboxMessage = Omit<DevInboxTable, 'id' | 'userId' | 'createdAt' | 'readAt'>;

/**
 * Keeps the message for the users behind these `web-dev` tokens, once per user and push (a second browser of the
 * same user, or a chunk sent again, adds nothing). Answers the tokens still registered; the others were removed.
 */
export async function keepInInbox(
  db: Db,
  message: InboxMessage,
  tokens: readonly string[],
): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const devices = await db
    .selectFrom('devices')
    .select(['userId', 'token'])
    .where('platform', '=', 'web-dev')
    .where('token', 'in', tokens)
    .execute();
  const users = [...new Set(devices.map((d) => d.userId))];
  if (users.length > 0) {
    const createdAt = nowIso();
    await db
      .insertInto('devInbox')
      .values(users.map((userId) => ({ id: newId('inb'), userId, ...message, createdAt, readAt: null })))
      .onConflict((oc) => oc.columns(['userId', 'notificationId']).doNothing())
      .execute();
  }
  return new Set(devices.map((d) => d.token));
}

export interface InboxPage {
  items: InboxItem[];
  unread: number;
  nextCursor: string | null;
}

/** A page of the user's inbox, newest first; `before` is the id of the last item of the previous page. */
export async function readInbox(
  db: Executor,
  userId: string,
  { before, limit = INBOX_DEFAULT_LIMIT }: { before?: string | undefined; limit?: number | undefined },
): Promise<InboxPage> {
  let query = db
    .selectFrom('devInbox as i')
    .leftJoin('apps as a', (join) =>
      join.onRef('a.organizationId', '=', 'i.organizationId').onRef('a.slug', '=', 'i.slug'),
    )
    .select([
      'i.id',
      'i.notificationId',
      'i.organizationId',
      'i.slug',
      'i.title',
      'i.body',
      'i.page',
      'i.link',
      'i.createdAt',
      'i.readAt',
      'a.liveName',
      'a.name',
    ])
    .where('i.userId', '=', userId);
  if (before !== undefined) {
    const mark = await db
      .selectFrom('devInbox')
      .select(['createdAt', 'id'])
      .where('userId', '=', userId)
      .where('id', '=', before)
      .executeTakeFirst();
    // A cursor of an item since removed (the inbox emptied) has nothing older.
    if (!mark) return { items: [], unread: await unreadCount(db, userId), nextCursor: null };
    query = query.where((eb) =>
      eb.or([
        eb('i.createdAt', '<', mark.createdAt),
        eb.and([eb('i.createdAt', '=', mark.createdAt), eb('i.id', '<', mark.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('i.createdAt', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      notificationId: row.notificationId,
      title: row.title,
      body: row.body,
      app: { organizationId: row.organizationId, slug: row.slug, name: row.liveName ?? row.name ?? null },
      page: row.page,
      link: row.link,
      createdAt: row.createdAt,
      readAt: row.readAt,
    })),
    unread: await unreadCount(db, userId),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

async function unreadCount(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('devInbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks every unread push of the user read; answers how many were unread. */
export async function markInboxRead(db: Executor, userId: string): Promise<number> {
  const result = await db
    .updateTable('devInbox')
    .set({ readAt: nowIso() })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Empties the user's inbox; answers how many pushes were removed. */
export async function clearInbox(db: Executor, userId: string): Promise<number> {
  const result = await db.deleteFrom('devInbox').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
