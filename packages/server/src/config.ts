// Reads the environment once at start-up, validates every value and returns a frozen Config.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AuthConfig, parseAuthConfig } from './config/auth.js';
import { type CliAuthConfig, parseCliAuthConfig } from './config/cli-auth.js';
import { type CorsOrigins, parseCorsOrigins } from './config/cors.js';
import { type EgressConfig, parseEgressConfig } from './config/egress.js';
import { type FileStoreConfig, parseFileStoreConfig } from './config/file-store.js';
import { parseMapLink } from './config/map-link.js';
import { type ObservabilityConfig, parseObservabilityConfig } from './config/observability.js';
import { type OidcConfig, parseOidcConfig } from './config/oidc.js';
import { parsePort } from './config/port.js';
import { type ProxyConfig, parseProxyConfig } from './config/proxy.js';
import { type PushConfig, parsePushConfig } from './config/push.js';
import { parseQuotasConfig, type QuotasConfig } from './config/quotas.js';
import { parseShutdownConfig, type ShutdownConfig } from './config/shutdown.js';
import type { KnownEnv } from './config/variables.js';
import { parseWebhooksConfig, type WebhooksConfig } from './config/webhooks.js';

export { CONFIG_VARIABLES, type ConfigVariable } from './config/variables.js';

export interface Keys {
  /** HS256 secret for user JWTs (verification, and issuing in the dev login). */
  authJwtSecret: string | undefined;
  /** Key that authorizes calls to first-party service functions. */
  serviceRoleKey: string;
  /** 32-byte key: pseudonymous app-user ids and encryption of signing secrets at rest. */
  platformKey: Buffer;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise SQLite at `<dataDir>/miniapps.db`. */
  databaseUrl: string | undefined;
  /** Shared rate limits and queues when set; otherwise in-process. */
  redisUrl: string | undefined;
  authJwksUrl: string | undefined;
  /** User-JWT rules: pinned issuer and audience, longest lifetime. */
  auth: AuthConfig;
  /** The identity provider `miniapps login` signs in with; undefined when the platform names none. */
  cliAuth: CliAuthConfig | undefined;
  /** OpenID Connect sign-in with a server-side session (OIDC_ISSUER); undefined when off. */
  oidc: OidcConfig | undefined;
  /** The dev login issues JWTs; never in production. */
  devLogin: boolean;
  /** Public base URL of this platform, used in links (deep links, docs). */
  publicUrl: string | undefined;
  /** Origins whose pages may call the client endpoints and load the embed script (CORS). */
  corsOrigins: CorsOrigins;
  /** openMap's link where a host has no map (MAP_LINK_TEMPLATE), given to every client. */
  mapLink: string;
  /** Drain on SIGTERM: how long to keep serving, how long requests in flight may take. */
  shutdown: ShutdownConfig;
  /** /metrics behind METRICS_TOKEN, /docs behind API_DOCS (production). */
  observability: ObservabilityConfig;
  logLevel: string;
  keys: Keys;
  egress: EgressConfig;
  proxy: ProxyConfig;
  push: PushConfig;
  webhooks: WebhooksConfig;
  /** Counts and rates per user, organization and app (QUOTA_*). */
  quotas: QuotasConfig;
  /** Where the files of form responses are kept: under DATA_DIR, or in S3-compatible storage (S3_*). */
  fileStore: FileStoreConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The generated keys, kept under DATA_DIR outside production. */
export const KEY_FILE = 'keys.json';

/**
 * Reads and validates the configuration; throws ConfigError listing every problem at once. Any environment
 * is accepted; only the names in CONFIG_VARIABLES are read.
 */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const env: KnownEnv = environment;
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const production = nodeEnv === 'production';

  const port = parsePort('PORT', env.PORT, problems) ?? 8787;
  const dataDir = dataDirFrom(env);
  const databaseUrl = optionalUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], problems);
  const redisUrl = optionalUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], problems);
  const authJwksUrl = optionalUrl('AUTH_JWKS_URL', env.AUTH_JWKS_URL, ['https:', 'http:'], problems);
  const publicUrl = optionalUrl('PUBLIC_URL', env.PUBLIC_URL, ['https:', 'http:'], problems);

  const authJwtSecret = env.AUTH_JWT_SECRET || undefined;
  if (authJwtSecret !== undefined && authJwtSecret.length < 32) {
    problems.push('AUTH_JWT_SECRET must be at least 32 characters');
  }
  const platformKey = env.PLATFORM_KEY ? parseKey('PLATFORM_KEY', env.PLATFORM_KEY, problems) : undefined;
  const serviceRoleKey = env.SERVICE_ROLE_KEY || undefined;
  if (serviceRoleKey !== undefined && serviceRoleKey.length < 32) {
    problems.push('SERVICE_ROLE_KEY must be at least 32 characters');
  }

  if (production) {
    if (!authJwtSecret && !authJwksUrl && !env.OIDC_ISSUER)
      problems.push('AUTH_JWT_SECRET, AUTH_JWKS_URL or OIDC_ISSUER is required in production');
    if (!env.PLATFORM_KEY) problems.push('PLATFORM_KEY is required in production (64 hex characters)');
    if (!serviceRoleKey) problems.push('SERVICE_ROLE_KEY is required in production');
    if (env.DEV_LOGIN === 'true') problems.push('DEV_LOGIN cannot be enabled in production');
  }

  const corsOrigins = parseCorsOrigins(env, nodeEnv === 'development', problems);
  const mapLink = parseMapLink(env, problems);
  const auth = parseAuthConfig(env, problems);
  const cliAuth = parseCliAuthConfig(env, problems);
  const oidc = parseOidcConfig(env, publicUrl, problems);
  const egress = parseEgressConfig(env, problems);
  const proxy = parseProxyConfig(env, problems);
  const push = parsePushConfig(env, redisUrl !== undefined, problems);
  const shutdown = parseShutdownConfig(env, problems);
  const observability = parseObservabilityConfig(env, production, problems);
  const webhooks = parseWebhooksConfig(env, problems);
  const quotas = parseQuotasConfig(env, problems);
  const fileStore = parseFileStoreConfig(env, dataDir, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  // Only outside production: missing keys are generated once and kept under DATA_DIR, so that
  // pseudonymous ids and encrypted secrets survive a restart.
  const stored = production ? undefined : loadOrCreateKeyFile(dataDir);
  const keys: Keys = {
    authJwtSecret: authJwtSecret ?? (authJwksUrl ? undefined : stored?.authJwtSecret),
    serviceRoleKey: serviceRoleKey ?? stored!.serviceRoleKey,
    platformKey: platformKey ?? Buffer.from(stored!.platformKey, 'hex'),
  };

  return Object.freeze({
    env: nodeEnv as Config['env'],
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl,
    authJwksUrl,
    auth,
    cliAuth,
    oidc,
    devLogin: !production && env.DEV_LOGIN !== 'false' && keys.authJwtSecret !== undefined,
    publicUrl,
    corsOrigins,
    mapLink,
    shutdown,
    observability,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    keys: Object.freeze(keys),
    egress,
    proxy,
    push,
    webhooks,
    quotas,
    fileStore,
  });
}

/** DATA_DIR as an absolute path; for tools that work on the files without loading (or generating) keys. */
export function dataDirFrom(env: KnownEnv): string {
  return resolve(env.DATA_DIR || './data');
}

function optionalUrl(
  name: string,
  raw: string | undefined,
  protocols: string[],
  problems: string[],
): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) {
      problems.push(`${name} must use ${protocols.join(' or ')} (got "${url.protocol}")`);
    }
    return raw;
  } catch {
    problems.push(`${name} is not a valid URL`);
    return undefined;
  }
}

function parseKey(name: string, raw: string, problems: string[]): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  problems.push(`${name} must be 64 hexadecimal characters (32 bytes)`);
  return undefined;
}

interface KeyFile {
  authJwtSecret: string;
  serviceRoleKey: string;
  platformKey: string;
}

function loadOrCreateKeyFile(dataDir: string): KeyFile {
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeyFile>;
    if (parsed.authJwtSecret && parsed.serviceRoleKey && parsed.platformKey) return parsed as KeyFile;
    throw new ConfigError([`${file} is incomplete; remove it to generate new keys`]);
  }
  const keys: KeyFile = {
    authJwtSecret: randomBytes(32).toString('hex'),
    serviceRoleKey: randomBytes(32).toString('hex'),
    platformKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return keys;
}
