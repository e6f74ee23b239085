// Stored notifications: the message a worker sends, the per-notification counts developers see, recovery.
import type { Selectable } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { NotificationsTable } from '../db/schema.js';
import { nowIso } from '../ids.js';
import type { PushMessage } from './providers/types.js';

/** The message of a stored push, and whether its app is suspended now (a suspended app's pushes stop). */
export async function loadMessage(
  db: Executor,
  id: string,
): Promise<{ message: PushMessage; suspended: boolean } | undefined> {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('apps as a', 'a.id', 'n.appId')
    .select([
      'n.id',
      'n.title',
      'n.sentTitle',
      'n.body',
      'n.page',
      'n.link',
      'a.organizationId',
      'a.slug',
      'a.status',
    ])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const message: PushMessage = {
    notificationId: row.id,
    organizationId: row.organizationId,
    slug: row.slug,
    title: row.sentTitle ?? row.title,
    body: row.body,
    page: row.page,
    link: row.link ?? '',
  };
  return { message, suspended: row.status === 'suspended' };
}

/** What the developer console and the management API show of one push. */
export interface NotificationView {
  id: string;
  title: string;
  sentTitle: string;
  body: string;
  page: string | null;
  createdAt: string;
  /** The answer's two numbers: the audience, and the users it was accepted for. */
  users: number;
  delivered: number;
  /** Device messages: queued in all, accepted by a provider, failed for good, dead tokens removed, still to send. */
  devices: number;
  accepted: number;
  failed: number;
  tokensRemoved: number;
  pending: number;
  finishedAt: string | null;
}

const columns = [
  'id',
  'title',
  'sentTitle',
  'body',
  'page',
  'createdAt',
  'users',
  'delivered',
  'devices',
  'accepted',
  'failed',
  'tokensRemoved',
  'finishedAt',
] as const;

type Row = Pick<Selectable<NotificationsTable>, (typeof columns)[number]>;

function toView(row: Row): NotificationView {
  return {
    ...row,
    sentTitle: row.sentTitle ?? row.title,
    pending: Math.max(0, row.devices - row.accepted - row.failed),
  };
}

export async function listNotifications(
  db: Executor,
  appId: string,
  options: { limit: number; before?: string | undefined },
): Promise<NotificationView[]> {
  let query = db.selectFrom('notifications').select(columns).where('appId', '=', appId);
  if (options.before) query = query.where('createdAt', '<', options.before);
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map(toView);
}

export async function findNotification(
  db: Executor,
  appId: string,
  id: string,
): Promise<NotificationView | undefined> {
  const row = await db
    .selectFrom('notifications')
    .select(columns)
    .where('appId', '=', appId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toView(row);
}

/** Notifications still being sent that were created between `from` and `to` (for recovery after a crash). */
export async function unfinishedNotifications(
  db: Db,
  from: Date,
  to: Date,
): Promise<Array<{ id: string; chunks: number }>> {
  return db
    .selectFrom('notifications')
    .select(['id', 'chunks'])
    .where('finishedAt', 'is', null)
    .where('chunks', '>', 0)
    .where('createdAt', '>=', nowIso(from))
    .where('createdAt', '<=', nowIso(to))
    .execute();
}
