// Writes an event's deliveries in the caller's transaction: an event that committed is never lost, one rolled back never sent.

import type { WebhookEventType } from '@miniapps/schema';
import type { Executor } from '../db/database.js';
import type { WebhookDeliveriesTable } from '../db/schema.js';
import { newId, nowIso } from '../ids.js';
import type { TEST_EVENT } from './events.js';

/** What each event carries in `data` (docs/webhooks.md). */
export interface WebhookEventData {
  'app.approved': { app: AppRef; version: number | null };
  'app.rejected': { app: AppRef; reason: string | null };
  'app.suspended': { app: AppRef; reason: string | null };
  'app.unsuspended': { app: AppRef };
  'deploy.created': {
    app: AppRef;
    version: number;
    status: string;
    unknownWidgets: number;
    unknownActions: number;
  };
  'notification.completed': {
    app: AppRef;
    notificationId: string;
    /** Users the push was for (with the notifications scope). */
    audience: number;
    /** Users it was sent to (within the daily quota, with a device), as the notify answer said. */
    delivered: number;
    /** Device messages the providers accepted. */
    accepted: number;
    /** Device messages that failed, by provider (android, ios, huawei, rustore). */
    failed: Record<string, number>;
  };
  'response.created': { app: AppRef; form: string; responseId: string; appVersion: number };
  'webhook.test': { app: AppRef; endpointId: string };
}

export interface AppRef {
  id: string;
  organizationId: string;
  slug: string;
}

type EventType = WebhookEventType | typeof TEST_EVENT;

/** The body every attempt sends, byte for byte: `{type, timestamp, data}`. */
export function eventBody<T extends EventType>(type: T, at: number, data: WebhookEventData[T]): string {
  return JSON.stringify({ type, timestamp: nowIso(new Date(at)), data });
}

/**
 * One pending delivery per enabled endpoint of the app subscribed to `type`, all under one webhook-id.
 * Call inside the transaction that makes the event happen.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  trx: Executor,
  appId: string,
  type: T,
  data: WebhookEventData[T],
  at: number = Date.now(),
): Promise<number> {
  const endpoints = await trx
    .selectFrom('webhookEndpoints')
    .select(['id', 'events'])
    .where('appId', '=', appId)
    .where('disabledAt', 'is', null)
    .execute();
  const subscribed = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(type));
  if (subscribed.length === 0) return 0;
  const messageId = newId('msg');
  const body = eventBody(type, at, data);
  await trx
    .insertInto('webhookDeliveries')
    .values(subscribed.map((e) => pendingDelivery(e.id, messageId, type, body, at)))
    .execute();
  return subscribed.length;
}

export function pendingDelivery(
  endpointId: string,
  messageId: string,
  type: string,
  body: string,
  at: number,
): WebhookDeliveriesTable {
  const now = nowIso(new Date(at));
  return {
    id: newId('whd'),
    endpointId,
    messageId,
    type,
    body,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseOwner: null,
    leaseUntil: null,
    createdAt: now,
    deliveredAt: null,
  };
}
