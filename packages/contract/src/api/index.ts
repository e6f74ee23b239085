// Every operation of the management API and the automation endpoints, with their schemas: one table, from which
// the server's routes and the typed client both derive. How to add one: packages/contract/README.md.
import { appSessionEndpoints } from './app-sessions.js';
import { appEndpoints } from './apps.js';
import { browserSessionEndpoints } from './browser-sessions.js';
import { catalogEndpoints } from './catalog.js';
import { consentEndpoints } from './consent.js';
import { automationEndpoints } from './deploy.js';
import { devOriginEndpoints } from './dev-origins.js';
import { deviceEndpoints } from './devices.js';
import { embedEndpoints } from './embed.js';
import { inboxEndpoints } from './inbox.js';
import { meEndpoints } from './me.js';
import { moderationEndpoints } from './moderation.js';
import { notificationEndpoints } from './notifications.js';
import { orgEndpoints } from './orgs.js';
import { responseFormEndpoints } from './response-forms.js';
import { responseEndpoints } from './responses.js';
import { revisionEndpoints } from './revisions.js';
import { schemaSpecEndpoints } from './schema-spec.js';
import { signingEndpoints } from './signing.js';
import { statsEndpoints } from './stats.js';
import { tokenEndpoints } from './tokens.js';
import { webhookEndpoints } from './webhooks.js';

export * from './app-sessions.js';
export * from './apps.js';
export * from './browser-sessions.js';
export * from './catalog.js';
export * from './common.js';
export * from './consent.js';
export * from './deploy.js';
export * from './dev-origins.js';
export * from './devices.js';
export * from './embed.js';
export * from './inbox.js';
export * from './me.js';
export * from './moderation.js';
export * from './notifications.js';
export * from './orgs.js';
export * from './response-forms.js';
export * from './responses.js';
export * from './revisions.js';
export * from './schema-spec.js';
export * from './signing.js';
export * from './stats.js';
export * from './tokens.js';
export * from './webhooks.js';

/** The whole endpoint table: `METHOD /path` → schemas. */
export const endpoints = {
  ...orgEndpoints,
  ...appEndpoints,
  ...webhookEndpoints,
  ...revisionEndpoints,
  ...schemaSpecEndpoints,
  ...moderationEndpoints,
  ...automationEndpoints,
  ...catalogEndpoints,
  ...consentEndpoints,
  ...deviceEndpoints,
  ...inboxEndpoints,
  ...meEndpoints,
  ...devOriginEndpoints,
  ...notificationEndpoints,
  ...signingEndpoints,
  ...statsEndpoints,
  ...responseEndpoints,
  ...responseFormEndpoints,
  ...tokenEndpoints,
  ...browserSessionEndpoints,
  ...appSessionEndpoints,
  ...embedEndpoints,
};
export type Endpoints = typeof endpoints;
