// The app events the platform emits as webhooks, written in the transaction of the change that makes them.
import type { Executor } from '../db/database.js';
import type { AppRow } from '../db/schema.js';
import { type AppRef, emitWebhookEvent } from './outbox.js';

type AppIds = Pick<AppRow, 'id' | 'organizationId' | 'slug'>;

export function appRef(app: AppIds): AppRef {
  return { id: app.id, organizationId: app.organizationId, slug: app.slug };
}

/** A moderator's decision on the app: `app.approved`, `app.rejected`, `app.suspended`, `app.unsuspended`. */
export function emitModerationEvent(
  trx: Executor,
  app: AppIds & Pick<AppRow, 'liveVersion'>,
  decision: 'approve' | 'reject' | 'suspend' | 'unsuspend',
  reason: string | null,
  at: number,
): Promise<number> {
  const ref = appRef(app);
  switch (decision) {
    case 'approve':
      return emitWebhookEvent(trx, app.id, 'app.approved', { app: ref, version: app.liveVersion }, at);
    case 'reject':
      return emitWebhookEvent(trx, app.id, 'app.rejected', { app: ref, reason }, at);
    case 'suspend':
      return emitWebhookEvent(trx, app.id, 'app.suspended', { app: ref, reason }, at);
    case 'unsuspend':
      return emitWebhookEvent(trx, app.id, 'app.unsuspended', { app: ref }, at);
  }
}

/** A deploy committed: its version and status, and how many unknown widget and action types it had. */
export function emitDeployEvent(
  trx: Executor,
  app: AppIds,
  deploy: { version: number; status: string; unknownWidgets: number; unknownActions: number },
  at: number,
): Promise<number> {
  return emitWebhookEvent(trx, app.id, 'deploy.created', { app: appRef(app), ...deploy }, at);
}
