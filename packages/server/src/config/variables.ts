// The environment variables the platform reads: the one list, which also types every read of the environment.

/**
 * Every variable `loadConfig` knows. The parsers read the environment only through `KnownEnv`, so a read
 * of a name missing here does not compile, and deployment files can be checked against this list.
 */
export const CONFIG_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'AUTH_JWT_SECRET',
  'AUTH_JWKS_URL',
  'AUTH_JWT_ISSUER',
  'AUTH_JWT_AUDIENCE',
  'AUTH_MAX_TOKEN_LIFETIME',
  // OpenID Connect sign-in (config/oidc.ts)
  'OIDC_ISSUER',
  // the CLI's public client at that provider (config/cli-auth.ts)
  'OIDC_CLI_CLIENT_ID',
  'OIDC_CLI_SCOPES',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_PRIVATE_KEY_FILE',
  'OIDC_SCOPES',
  'OIDC_DISPLAY_NAME',
  'OIDC_CLAIM_EMAIL',
  'OIDC_CLAIM_NAME',
  'OIDC_CLAIM_COURSE',
  'OIDC_CLAIM_GROUP',
  'OIDC_ROLES_CLAIM',
  'OIDC_MODERATOR_ROLE',
  'SESSION_IDLE_TIMEOUT',
  'SESSION_ABSOLUTE_TIMEOUT',
  'SERVICE_ROLE_KEY',
  'PLATFORM_KEY',
  'DEV_LOGIN',
  'PUBLIC_URL',
  'CORS_ORIGINS',
  'MAP_LINK_TEMPLATE',
  'LOG_LEVEL',
  'SHUTDOWN_DELAY_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'METRICS_TOKEN',
  'API_DOCS',
  'WORKER_METRICS_PORT',
  // egress
  'EGRESS_HOSTS',
  'EGRESS_ALLOW_RANGES',
  'INTERNAL_HOSTS',
  // proxy
  'NODE_EXTRA_CA_CERTS',
  'RATE_LIMIT_PREFIX',
  // files of form responses (config/file-store.ts)
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  // organizations
  // webhooks
  'WEBHOOK_RETRY_DELAYS',
  // quotas
  'QUOTA_ORGS_PER_USER',
  'QUOTA_MEMBERS_PER_ORG',
  'QUOTA_APPS_PER_ORG',
  'QUOTA_WEBHOOKS_PER_APP',
  'QUOTA_HOSTED_BYTES_PER_APP',
  'QUOTA_DEPLOYS_PER_APP',
  'QUOTA_NOTIFY_PER_APP',
  'QUOTA_WEBHOOK_TESTS_PER_APP',
  // push
  'PUSH_CA_FILE',
  'PUSH_DEEP_LINK_BASE',
  'PUSH_WORKER',
  'PUSH_QUEUE_NAME',
  'PUSH_CONCURRENCY',
  'PUSH_RETRY_ATTEMPTS',
  'PUSH_RETRY_BASE_MS',
  'PUSH_RETRY_MAX_MS',
  'FCM_SERVICE_ACCOUNT',
  'FCM_SERVICE_ACCOUNT_FILE',
  'FCM_TOKEN_URL',
  'FCM_BASE_URL',
  'APNS_KEY',
  'APNS_KEY_FILE',
  'APNS_KEY_ID',
  'APNS_TEAM_ID',
  'APNS_TOPIC',
  'APNS_BASE_URL',
  'HMS_APP_ID',
  'HMS_CLIENT_ID',
  'HMS_CLIENT_SECRET',
  'HMS_TOKEN_URL',
  'HMS_BASE_URL',
  'RUSTORE_PROJECT_ID',
  'RUSTORE_SERVICE_TOKEN',
  'RUSTORE_BASE_URL',
] as const;

export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/** The environment as the parsers see it: only the known names. */
export type KnownEnv = Readonly<Partial<Record<ConfigVariable, string | undefined>>>;
