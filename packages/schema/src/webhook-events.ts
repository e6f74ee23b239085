// The app events a webhook endpoint may subscribe to: one list for the server's checks and the console's form.

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
