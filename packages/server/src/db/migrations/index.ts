// Every migration, in order. Names sort by their number; add new ones at the end, never edit old ones.
import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as hostedModeration from './0002_hosted_moderation.js';
import * as serviceApps from './0010_service_apps.js';
import * as push from './0020_push.js';
import * as pushChunks from './0021_push_chunks.js';
import * as pushOutbox from './0022_push_outbox.js';
import * as pushDeferredCharge from './0023_push_deferred_charge.js';
import * as catalogListing from './0031_catalog_listing.js';
import * as webhooks from './0032_webhooks.js';
import * as appStats from './0033_app_stats.js';
import * as appStorage from './0034_app_storage.js';
import * as hostedDatasets from './0035_hosted_datasets.js';
import * as hostedStrings from './0036_hosted_strings.js';
import * as invitations from './0037_invitations.js';
import * as oidcSessions from './0043_oidc_sessions.js';
import * as devInbox from './0044_dev_inbox.js';
import * as formResponses from './0045_form_responses.js';
import * as responseFileKeys from './0046_response_file_keys.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_hosted_moderation': hostedModeration,
  '0010_service_apps': serviceApps,
  '0020_push': push,
  '0021_push_chunks': pushChunks,
  '0022_push_outbox': pushOutbox,
  '0023_push_deferred_charge': pushDeferredCharge,
  '0031_catalog_listing': catalogListing,
  '0032_webhooks': webhooks,
  '0033_app_stats': appStats,
  '0034_app_storage': appStorage,
  '0035_hosted_datasets': hostedDatasets,
  '0036_hosted_strings': hostedStrings,
  '0037_invitations': invitations,
  '0043_oidc_sessions': oidcSessions,
  '0044_dev_inbox': devInbox,
  '0045_form_responses': formResponses,
  '0046_response_file_keys': responseFileKeys,
};
