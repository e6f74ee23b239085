// Stored notifications: the message a worker sends, the per-notification counts developers see, recovery.
import type { SentNotification } from '@miniapps/contract';
import type { Selectable } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { NotificationsTable } from '../db/schema.js';
import type { DevicePlatform } from '../devices/rules.js';
import { nowIso } from '../ids.js';
import type { PushMessage } from './providers/types.js';
import type { ChunkSource } from './push-chunks.js';
import type { DeliveryJob } from './queue.js';

export interface StoredPush extends ChunkSource {
  message: PushMessage;
  /** A suspended app's pushes stop. */
  suspended: boolean;
}

/** What a worker needs to send a stored push, read fresh for every attempt. */
export async function loadPush(db: Executor, id: string): Promise<StoredPush | undefined> {
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
      'n.appId',
      'n.quotaDay',
      'n.platforms',
      'a.organizationId',
      'a.slug',
      'a.status',
    ])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row || row.quotaDay === null) return undefined;
  return {
    message: {
      notificationId: row.id,
      organizationId: row.organizationId,
      slug: row.slug,
      title: row.sentTitle ?? row.title,
      body: row.body,
      page: row.page,
      link: row.link ?? '',
    },
    suspended: row.status === 'suspended',
    appId: row.appId,
    quotaDay: row.quotaDay,
    platforms: JSON.parse(row.platforms ?? '[]') as DevicePlatform[],
  };
}

/** A SentNotification as the API answers it: the contract's schema. */
export type NotificationView = SentNotification;

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

/** Chunks not yet done of pushes created between `from` and `to` (for recovery after a crash). */
export async function unfinishedChunks(db: Db, from: Date, to: Date): Promise<DeliveryJob[]> {
  return db
    .selectFrom('pushChunks as c')
    .innerJoin('notifications as n', 'n.id', 'c.notificationId')
    .select(['c.notificationId', 'c.chunk'])
    .where('c.done', '=', 0)
    .where('n.finishedAt', 'is', null)
    .where('n.createdAt', '>=', nowIso(from))
    .where('n.createdAt', '<=', nowIso(to))
    .execute();
}
