// `notification.completed`: a push's audience, how many it reached, and device messages that failed by provider.
import type { Executor } from '../db/database.js';
import { appRef } from './app-events.js';
import { emitWebhookEvent } from './outbox.js';

/** Call in the transaction that marks the push finished (once: only when that update changed the row). */
export async function emitNotificationCompleted(
  trx: Executor,
  notificationId: string,
  at: number,
): Promise<number> {
  const push = await trx
    .selectFrom('notifications as n')
    .innerJoin('apps as a', 'a.id', 'n.appId')
    .select(['n.id', 'n.users', 'n.delivered', 'n.accepted', 'a.id as appId', 'a.organizationId', 'a.slug'])
    .where('n.id', '=', notificationId)
    .executeTakeFirst();
  if (!push) return 0;
  // A device removed since keeps its failure under "unknown" rather than losing it.
  const failures = await trx
    .selectFrom('pushDeliveries as d')
    .leftJoin('devices as v', 'v.id', 'd.deviceId')
    .select(['v.platform', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('d.notificationId', '=', notificationId)
    .where('d.status', '=', 'failed')
    .groupBy('v.platform')
    .execute();
  const failed: Record<string, number> = {};
  for (const f of failures) failed[f.platform ?? 'unknown'] = Number(f.count);
  return emitWebhookEvent(
    trx,
    push.appId,
    'notification.completed',
    {
      app: appRef({ id: push.appId, organizationId: push.organizationId, slug: push.slug }),
      notificationId: push.id,
      audience: push.users,
      delivered: push.delivered,
      accepted: push.accepted,
      failed,
    },
    at,
  );
}
