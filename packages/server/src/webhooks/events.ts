// The webhook event types an endpoint may subscribe to, and what each carries in `data`.
import { type WebhookEventType, webhookEventTypes } from '@miniapps/schema';
import { AppError } from '../errors.js';

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
