// The platform's closed word lists: scopes, device platforms, app kinds and statuses.

/** A piece of the user's identity an app may receive once the user grants it. */
export const scopeNames = ['identity', 'email', 'profile', 'group', 'notifications'] as const;
export type Scope = (typeof scopeNames)[number];

/**
 * Push providers' platforms a device registers for. `web-dev` is the development inbox (a browser of the web client
 * on a platform with the dev login on): its pushes are kept for `GET /api/v1/me/inbox`; production refuses it.
 */
export const devicePlatforms = ['android', 'ios', 'huawei', 'rustore', 'web-dev'] as const;
export type DevicePlatform = (typeof devicePlatforms)[number];

/** Where an app's screens come from. */
export const sourceKinds = ['hosted', 'remote', 'service'] as const;
export type SourceKind = (typeof sourceKinds)[number];

/** Where an app is in its life: draft, in review, published, rejected or suspended. */
export const appStatuses = ['draft', 'pending_review', 'published', 'rejected', 'suspended'] as const;
export type AppStatus = (typeof appStatuses)[number];

/** The fixed categories of the catalog: a host can show them as filters and translate each name. */
export const categories = [
  'education',
  'schedule',
  'campus',
  'food',
  'events',
  'news',
  'library',
  'career',
  'sports',
  'health',
  'transport',
  'finance',
  'tools',
  'other',
] as const;
export type Category = (typeof categories)[number];

/** Events of an app a webhook may subscribe to; `webhook.test` is sent on request only and needs no subscription. */
export const webhookEventTypes = [
  'app.approved',
  'app.rejected',
  'app.suspended',
  'app.unsuspended',
  'deploy.created',
  'notification.completed',
  'response.created',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
