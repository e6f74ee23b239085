// The webhook event types an endpoint may subscribe to, and what each carries in `data`.
import { AppError } from '../errors.js';

/** Events of an app a subscriber may choose; `webhook.test` is sent on request only and needs no subscription. */
export const webhookEventTypes = [
  'app.approved',
  'app.rejected',
  'app.suspended',
  'app.unsuspended',
  'deploy.created',
  'notification.completed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const TEST_EVENT = 'webhook.test';

/** The request's event list with repeats dropped, in the registry's order; an unknown name is `bad_request`. */
export function checkEventTypes(events: readonly string[]): WebhookEventType[] {
  const unknown = events.filter((e) => !(webhookEventTypes as readonly string[]).includes(e));
  if (unknown.length > 0) {
    throw new AppError(
      'bad_request',
      {
        key: 'webhooks.unknown_events',
        values: { unknown: unknown.join(', '), known: webhookEventTypes.join(', ') },
      },
      { field: 'events', unknown, known: webhookEventTypes },
    );
  }
  return webhookEventTypes.filter((e) => events.includes(e));
}
