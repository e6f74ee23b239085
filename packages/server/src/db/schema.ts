// Table types of the platform database (camelCase here; snake_case in SQL through CamelCasePlugin).
import type { AppStatus, SourceKind } from '@miniapps/contract';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO-8601 strings in UTC on both dialects, so they sort and compare as text. */
export type Timestamp = string;
/** JSON arrays and objects are stored as text on both dialects. */
export type JsonText = string;

// The word lists are the API contract's; the tables hold the same words.
export {
  type AppStatus,
  appStatuses,
  type Scope as ScopeName,
  type SourceKind,
  scopeNames,
  sourceKinds,
} from '@miniapps/contract';

export interface UsersTable {
  id: string;
  email: string;
  fullName: string | null;
  course: string | null;
  groupName: string | null;
  /** JSON array of platform roles, e.g. ["moderator"]. */
  roles: JsonText;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The platform's user behind an identity provider's subject (migration 0043). */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  userId: string;
  createdAt: Timestamp;
}

/** A browser's signed-in session (OpenID Connect, migration 0043); the cookie holds the value whose hash is `id`. */
export interface WebSessionsTable {
  id: string;
  userId: string;
  issuer: string;
  subject: string;
  csrfToken: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  refreshTokenEnc: string | null;
  idTokenEnc: string | null;
  refreshAt: Timestamp | null;
}

export interface OrganizationsTable {
  id: string;
  name: string;
  createdBy: string;
  createdAt: Timestamp;
}

export interface MembershipsTable {
  organizationId: string;
  userId: string;
  role: 'owner' | 'member';
  createdAt: Timestamp;
}

/** An invitation to join an organization (migration 0037); it takes effect when the invited person accepts. */
export interface InvitationsTable {
  id: string;
  organizationId: string;
  /** Lowercase. */
  email: string;
  role: 'owner' | 'member';
  invitedBy: string | null;
  status: 'pending' | 'accepted' | 'declined' | 'revoked';
  createdAt: Timestamp;
  /** A pending invitation past this time is expired: not listed, not accepted, not counted. */
  expiresAt: Timestamp;
  respondedAt: Timestamp | null;
}

export interface AppsTable {
  id: string;
  organizationId: string;
  slug: string;
  sourceKind: SourceKind;
  name: string;
  origin: string | null;
  startPath: string;
  /** JSON array of requested (declared) scope names. */
  scopes: JsonText;
  status: AppStatus;
  /** Head version: grows on every deploy (hosted). */
  version: number;
  /** The version users see; null until a first approval. */
  liveVersion: number | null;
  /** Approved metadata, in use while a change waits for moderation. */
  liveName: string | null;
  liveOrigin: string | null;
  liveStartPath: string | null;
  liveScopes: JsonText | null;
  /** Status to return to on unsuspend. */
  statusBeforeSuspend: AppStatus | null;
  /** The moderator's last word to the developer (rejection or suspension reason). */
  reviewNote: string | null;
  /** When the head last went to review (the moderation queue is served oldest first). */
  submittedAt: Timestamp | null;
  /** Store listing of the head: an https icon address, a short description, a category (apps/listing.ts). */
  icon: string | null;
  description: string | null;
  category: string | null;
  /** The approved listing, shown in the catalog while a change waits for moderation. */
  liveIcon: string | null;
  liveDescription: string | null;
  liveCategory: string | null;
  /** Folded name and description users see, for the catalog's search (apps/search-text.ts). */
  searchText: Generated<string>;
  /** Folded name users see: the catalog's sort key. */
  sortName: Generated<string>;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Days its form responses are kept; null: DEFAULT_RESPONSE_RETENTION_DAYS. */
  responseRetentionDays: Generated<number | null>;
}

export interface ScreensTable {
  appId: string;
  version: number;
  path: string;
  title: string | null;
  json: JsonText;
}

export interface RevisionsTable {
  appId: string;
  version: number;
  /** JSON array of {path, title?, json}: the whole deploy. */
  screens: JsonText;
  screenCount: number;
  restoredFrom: number | null;
  createdBy: string | null;
  createdAt: Timestamp;
  /** JSON object {"data"?: {name: JSON}, "strings"?: {locale: {key: text}}} of the deploy, or null when none. */
  files: JsonText | null;
}

export const hostedFileKinds = ['data', 'strings'] as const;
export type HostedFileKind = (typeof hostedFileKinds)[number];

/** A file deployed beside a hosted app's screens: a dataset by name, or a locale's strings. */
export interface HostedFilesTable {
  appId: string;
  version: number;
  kind: HostedFileKind;
  name: string;
  json: JsonText;
  /** UTF-8 bytes of `json`. */
  bytes: number;
  /** Order in the deploy within its kind: the first locale is the app's default (0036). */
  position: Generated<number>;
}

export interface DeployTokensTable {
  id: string;
  userId: string;
  name: string;
  /** sha256 hex of the token value; the value itself is never stored. */
  tokenHash: string;
  createdAt: Timestamp;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

export interface SigningSecretsTable {
  appId: string;
  /** AES-256-GCM under the platform key. */
  secretEnc: string;
  previousEnc: string | null;
  previousValidUntil: Timestamp | null;
  createdAt: Timestamp;
  rotatedAt: Timestamp | null;
}

export interface ConsentsTable {
  userId: string;
  appId: string;
  /** JSON array of granted scope names. */
  scopes: JsonText;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DevicesTable {
  id: string;
  userId: string;
  platform: 'android' | 'ios' | 'huawei' | 'rustore' | 'web-dev';
  token: string;
  /** The host client application the token belongs to (bundle id / package name). */
  clientApp: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A push kept by the development inbox's provider for one user (migration 0044). */
export interface DevInboxTable {
  id: string;
  userId: string;
  notificationId: string;
  organizationId: string;
  slug: string;
  /** As sent: `<app name>: <title>`. */
  title: string;
  body: string;
  page: string | null;
  link: string;
  createdAt: Timestamp;
  readAt: Timestamp | null;
}

export interface NotificationsTable {
  id: string;
  appId: string;
  title: string;
  body: string;
  page: string | null;
  users: number;
  delivered: number;
  accepted: number;
  failed: number;
  tokensRemoved: number;
  idempotencyKey: string | null;
  /** The first answer, replayed for a repeated Idempotency-Key. */
  response: JsonText | null;
  tokenId: string | null;
  createdAt: Timestamp;
  /** The title as sent: `<app name>: <title>`. */
  sentTitle: string | null;
  /** Deep link a tap opens. */
  link: string | null;
  /** sha256 of the request's title, body and page: a reused Idempotency-Key must carry the same push. */
  requestHash: string | null;
  /** Device messages queued (rows in push_deliveries). */
  devices: number;
  chunks: number;
  finishedAt: Timestamp | null;
  /** The UTC day whose quota the push charged. */
  quotaDay: string | null;
  /** JSON array of the platforms with a provider when the push was made (the devices it may reach). */
  platforms: JsonText | null;
  chunksDone: number;
  /** When its chunk jobs reached the queue; null while they wait in the outbox (Redis away). */
  queuedAt: Timestamp | null;
  /** When its quota charge and chunk rows committed; null between PostgreSQL's answer and its charge. */
  chargedAt: Timestamp | null;
}

export interface PushQuotaTable {
  appId: string;
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
  userId: string;
  count: number;
  /** The pushes that charged this row (the quota is 2). */
  firstNotificationId: string;
  secondNotificationId: string | null;
}

export interface PushChunksTable {
  notificationId: string;
  chunk: number;
  /** The chunk's users: fromUserId ≤ user id < toUserId (null: no upper end). */
  fromUserId: string;
  toUserId: string | null;
  /** 1 once its delivery rows exist. */
  expanded: number;
  /** 1 once every delivery row is settled. */
  done: number;
}

export type DeliveryStatus = 'queued' | 'sent' | 'failed' | 'removed';

export interface PushDeliveriesTable {
  notificationId: string;
  chunk: number;
  deviceId: string;
  status: DeliveryStatus;
  attempts: number;
  leaseOwner: string | null;
  leaseUntil: Timestamp | null;
  error: string | null;
}

export interface AuditLogTable {
  id: string;
  appId: string;
  actorId: string | null;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  createdAt: Timestamp;
  /** The head version the transition concerned. */
  version: number | null;
  /** JSON object with what else happened, e.g. {"revokedNotifications": true}. */
  details: JsonText | null;
}

/** One key of one user's storage in one app; `value` is the JSON text. */
export interface AppStorageTable {
  appId: string;
  userId: string;
  key: string;
  value: JsonText;
  updatedAt: Timestamp;
}

/** One response to a hosted app's collecting form; `values` and `profile` are JSON text. */
export interface FormResponsesTable {
  id: string;
  appId: string;
  /** The collection's name (the form's `collect.name`). */
  form: string;
  userId: string;
  /** The pseudonymous id the app knows the user by (auth/app-user.ts). */
  appUserId: string;
  appVersion: number;
  values: JsonText;
  /** E-mail, name, course and group, each only with the scope the user granted. */
  profile: JsonText;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A file of a response: its bytes are in the file store under `key`. */
export interface ResponseFilesTable {
  id: string;
  responseId: string;
  appId: string;
  field: string;
  name: string;
  contentType: string;
  bytes: number;
  key: string;
  createdAt: Timestamp;
}

/** One additive counter of one app on one UTC day: opens, api_2xx, error:<code>, latency:<bucket>… */
export interface AppStatsCountersTable {
  appId: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  metric: string;
  /** bigint: PostgreSQL hands it back as text. */
  value: number | string;
}

/** A pseudonymous app-user id seen on a UTC day: counted for exact distinct users. */
export interface AppStatsUsersTable {
  appId: string;
  day: string;
  appUserId: string;
}

/** A webhook endpoint of an app. */
export interface WebhookEndpointsTable {
  id: string;
  appId: string;
  url: string;
  /** JSON array of event type names. */
  events: JsonText;
  /** The whsec_ secret, sealed with the platform key. */
  secretEnc: string;
  failingSince: Timestamp | null;
  disabledAt: Timestamp | null;
  disabledReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One event for one endpoint: the outbox row the delivery loop claims with a lease. */
export interface WebhookDeliveriesTable {
  id: string;
  endpointId: string;
  messageId: string;
  type: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Timestamp;
  leaseOwner: string | null;
  leaseUntil: Timestamp | null;
  createdAt: Timestamp;
  deliveredAt: Timestamp | null;
}

/** One try of a delivery, kept for the delivery log. */
export interface WebhookAttemptsTable {
  id: string;
  deliveryId: string;
  attemptedAt: Timestamp;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface DB {
  users: UsersTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  userIdentities: UserIdentitiesTable;
  webSessions: WebSessionsTable;
  apps: AppsTable;
  screens: ScreensTable;
  hostedFiles: HostedFilesTable;
  revisions: RevisionsTable;
  deployTokens: DeployTokensTable;
  signingSecrets: SigningSecretsTable;
  consents: ConsentsTable;
  devices: DevicesTable;
  devInbox: DevInboxTable;
  notifications: NotificationsTable;
  auditLog: AuditLogTable;
  pushQuota: PushQuotaTable;
  pushChunks: PushChunksTable;
  pushDeliveries: PushDeliveriesTable;
  appStorage: AppStorageTable;
  formResponses: FormResponsesTable;
  responseFiles: ResponseFilesTable;
  appStatsCounters: AppStatsCountersTable;
  appStatsUsers: AppStatsUsersTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookAttempts: WebhookAttemptsTable;
}

export type UserRow = Selectable<UsersTable>;
export type WebSessionRow = Selectable<WebSessionsTable>;
export type AppRow = Selectable<AppsTable>;
export type NewApp = Insertable<AppsTable>;
export type AppUpdate = Updateable<AppsTable>;
export type DeployTokenRow = Selectable<DeployTokensTable>;
