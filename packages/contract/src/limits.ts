// Every limit of the platform, each defined once (docs/contract.md "Limits"); server, host, web, CLI and SDK import them.

// Deploy tokens and screens (docs/contract.md "Limits").
/** Live deploy tokens per account. */
export const MAX_LIVE_TOKENS = 5;
/** Screens per deploy: 1 to 30. */
export const MIN_SCREENS = 1;
export const MAX_SCREENS = 30;
/** A screen's optional title in a deploy, in characters. */
export const MAX_SCREEN_TITLE = 200;
/** Revisions of a hosted app kept (and restorable): the last 20. */
export const REVISIONS_KEPT = 20;

// Names and paths.
/** Organization ids and app slugs: 2 to 63 characters, so a slug is also a DNS label. */
export const MIN_SLUG = 2;
export const MAX_SLUG = 63;
/** No leading or trailing hyphen, so a slug is also a valid DNS label and a clean path segment. */
export const SLUG_PATTERN = new RegExp(`^[a-z0-9][a-z0-9-]{${MIN_SLUG - 2},${MAX_SLUG - 2}}[a-z0-9]$`);
/** An app's start path or a push's page, in characters. */
export const MAX_APP_PATH = 512;
/** A launch link's start parameter: 1 to 64 of A-Z a-z 0-9 _ - (sent to origins as a header). */
export const MAX_START_PARAM = 64;
export const START_PARAM_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_START_PARAM}}$`);

// Hosted files beside the screens.
/** One dataset file: 512 KB. */
export const MAX_DATASET_BYTES = 512 * 1024;
/** A dataset's name (its file's name without `.json`): 1 to 64 of a-z 0-9 _ - */
export const DATASET_NAME = /^[a-z0-9_-]{1,64}$/;
/** The API path a hosted app's dataset answers, without its query: `GET /data/<name>` (the name not yet checked). */
export const DATASET_PATH = /^\/data\/([^/]+)$/;
/** Screens, datasets and strings of one deploy together: 2 MB. */
export const MAX_FILES_BYTES = 2 * 1024 * 1024;
/** Locales of an app's strings. */
export const MAX_LOCALES = 20;
/** Keys of one locale's strings. */
export const MAX_STRING_KEYS = 2000;
/** One string's text, in characters (UTF-16 units, as JavaScript and the renderer count them). */
export const MAX_STRING_TEXT = 4096;

// Push (docs/contract.md "Limits").
/** A push title, in characters (code points). */
export const MAX_PUSH_TITLE = 80;
/** A push body, in characters (code points). */
export const MAX_PUSH_BODY = 200;
/** An `Idempotency-Key` of a notify call: 1 to 255 printable ASCII characters. */
export const MAX_IDEMPOTENCY_KEY = 255;
/** Pushes one user receives from one app a day. */
export const DAILY_PUSH_QUOTA = 2;

// The proxy (docs/contract.md "Limits").
/** Proxy requests per user per minute, all mini-apps together; the next is 429. */
export const PROXY_RATE_PER_MINUTE = 180;
/** An origin's answer: at most 512 KB. */
export const MAX_ORIGIN_ANSWER_BYTES = 512 * 1024;
/** A request body the proxy forwards: at most 512 KB. */
export const MAX_PROXY_REQUEST_BYTES = 512 * 1024;
/** An origin answers within 10 s. */
export const ORIGIN_DEADLINE_MS = 10_000;
/** A document through the proxy's document route (openDocument): at most 10 MB, counted as it streams. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** A query parameter's key, in characters; a longer one is dropped. */
export const MAX_QUERY_KEY = 64;
/** A query parameter's value, in characters; a longer one is dropped. */
export const MAX_QUERY_VALUE = 512;
/** An app path through the proxy, in characters. */
export const MAX_PROXY_PATH = 2048;
/** The longest a remote screen may be kept fresh without asking again, whatever its origin's `max-age`: 300 s. */
export const MAX_ORIGIN_CACHE_SECONDS = 300;

// Files sent through the proxy as multipart/form-data (docs/contract.md "Limits"; docs/decisions.md "Uploads").
/** One file of an upload, and a fileField's largest `maxSize`: 10 MB. */
export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;
/** A whole multipart request the proxy forwards, files and fields together: 25 MB. */
export const MAX_UPLOAD_REQUEST_BYTES = 25 * 1024 * 1024;
/** Parts of one multipart request, files and fields together. */
export const MAX_UPLOAD_PARTS = 50;
/** A fileField's largest `maxFiles`. */
export const MAX_FIELD_FILES = 5;

// Signing (docs/contract.md "Authentication").
/** How far a signature's timestamp may be from now: 300 s. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** The previous signing secret stays valid 24 h after a rotation. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

// Per-user app storage.
/** A storage key: 1 to 64 of A-Z a-z 0-9 _ . - */
export const MAX_STORAGE_KEY = 64;
export const STORAGE_KEY_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${MAX_STORAGE_KEY}}$`);
/** One stored value, as JSON: 4096 bytes. */
export const MAX_STORAGE_VALUE_BYTES = 4096;
/** Keys one user keeps in one app. */
export const MAX_STORAGE_KEYS = 100;

// Store listing of an app.
/** A listing's description, in characters (code points). */
export const MAX_DESCRIPTION = 200;
/** An icon's https address, in characters. */
export const MAX_ICON = 2048;

// Devices and webhooks.
/** Push devices one user registers. */
export const MAX_DEVICES_PER_USER = 20;
/** A webhook endpoint's URL, in characters. */
export const MAX_WEBHOOK_URL = 2048;
/** Deliveries a webhook's log shows. */
export const MAX_WEBHOOK_LOG = 100;

// The development push inbox's pages.
export const INBOX_DEFAULT_LIMIT = 20;
export const INBOX_MAX_LIMIT = 100;

// The catalog's pages.
export const CATALOG_DEFAULT_LIMIT = 50;
export const CATALOG_MAX_LIMIT = 100;
/** A catalog search, in characters; of its words, the first 8 count. */
export const MAX_CATALOG_QUERY = 200;
export const MAX_CATALOG_TERMS = 8;

// Moderation.
/** A moderator's reason, shown to the developer, in characters. */
export const MAX_MODERATION_REASON = 2000;

// The user's profile (the dev login refuses longer; a provider's values are cut).
/** An e-mail address, RFC 5321: 254 characters. */
export const MAX_EMAIL = 254;
/** A full name, in characters (code points). */
export const MAX_FULL_NAME = 200;
/** A group's name, in characters (code points). */
export const MAX_GROUP = 100;

// Usage statistics.
/** Days of figures kept, today included; also the longest range the stats API answers. */
export const STATS_RETENTION_DAYS = 400;

// App sessions.
/**
 * An app session token's life, in seconds (never past the user token that asked for it): fifteen minutes, long
 * enough that a screen's calls rarely wait on an exchange (the host kit renews a minute before), short enough that
 * a token lifted from a page's memory is worth little (docs/decisions.md).
 */
export const APP_SESSION_SECONDS = 15 * 60;

// Membership and quotas.
/** A pending invitation lapses this long after it was made or renewed. */
export const INVITATION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000; // 14 days
/**
 * The quotas' defaults, as their settings are written (each a `QUOTA_*` variable an operator may change; the
 * server's config/quotas.ts reads them, docs/decisions.md "Quotas" says why each).
 */
export const DEFAULT_QUOTAS = {
  QUOTA_ORGS_PER_USER: '20',
  QUOTA_MEMBERS_PER_ORG: '100',
  QUOTA_APPS_PER_ORG: '50',
  QUOTA_WEBHOOKS_PER_APP: '10',
  QUOTA_HOSTED_BYTES_PER_APP: '5MB',
  QUOTA_DEPLOYS_PER_APP: '60/h',
  QUOTA_NOTIFY_PER_APP: '30/m',
  QUOTA_WEBHOOK_TESTS_PER_APP: '10/m',
} as const;

// Form responses of hosted apps (docs/renderer-spec.md "Form responses").
/** A response's fields as UTF-8 JSON text (files are stored apart and not counted here). */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** Responses one user may send to one app in a minute (429 rate_limited past it). */
export const RESPONSES_PER_USER_PER_MINUTE = 10;
/** Responses one app keeps, all its forms together (422 quota_exceeded past it). */
export const MAX_RESPONSES_PER_APP = 100_000;
/** Days an app keeps a response unless its owners set otherwise. */
export const DEFAULT_RESPONSE_RETENTION_DAYS = 365;
/** The days an app's owners may set it to keep responses: 1 to this (about ten years); null is the default. */
export const MAX_RESPONSE_RETENTION_DAYS = 3650;

// The host kit's own store of answers (packages/host/src/answer-cache.ts).
/** What a host kit keeps of apps' screens, datasets and strings by default, all users together (LRU past it). */
export const DEFAULT_HOST_CACHE_BYTES = 5 * 1024 * 1024;
