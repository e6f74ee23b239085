// Push settings: provider credentials and addresses, deep links, the delivery worker and its retry policy.
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { KnownEnv } from './variables.js';

export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  /** PEM (PKCS#8) RSA key of the service account; signs the OAuth2 JWT assertion. */
  privateKey: string;
  tokenUrl: string;
  baseUrl: string;
}

export interface ApnsConfig {
  keyId: string;
  teamId: string;
  /** PEM (PKCS#8, the .p8 file) P-256 key that signs ES256 provider tokens. */
  privateKey: string;
  /** Bundle id of the host client: the `apns-topic`. */
  topic: string;
  baseUrl: string;
}

export interface HmsConfig {
  appId: string;
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  baseUrl: string;
}

export interface RustoreConfig {
  projectId: string;
  serviceToken: string;
  baseUrl: string;
}

export interface PushConfig {
  fcm: FcmConfig | undefined;
  apns: ApnsConfig | undefined;
  hms: HmsConfig | undefined;
  rustore: RustoreConfig | undefined;
  /** Trusted CAs for provider connections: the system roots plus PUSH_CA_FILE; undefined = system roots. */
  ca: string[] | undefined;
  /** A tap opens `<deepLinkBase>/<org>/<slug>?page=<page>`. */
  deepLinkBase: string;
  /** `inline`: this process sends; `off`: it only enqueues (a separate `worker` process sends). */
  worker: 'inline' | 'off';
  /** BullMQ queue name (with REDIS_URL). */
  queueName: string;
  /** Chunks a worker sends at once. */
  concurrency: number;
  retry: { attempts: number; baseDelayMs: number; maxDelayMs: number };
}

export function parsePushConfig(env: KnownEnv, hasRedis: boolean, problems: string[]): PushConfig {
  const extraCa = env.PUSH_CA_FILE ? readText('PUSH_CA_FILE', env.PUSH_CA_FILE, problems) : undefined;
  const worker = env.PUSH_WORKER || (hasRedis ? 'off' : 'inline');
  if (worker !== 'inline' && worker !== 'off') problems.push('PUSH_WORKER must be inline or off');
  return Object.freeze({
    fcm: parseFcm(env, problems),
    apns: parseApns(env, problems),
    hms: parseHms(env, problems),
    rustore: parseRustore(env, problems),
    ca: extraCa ? [...rootCertificates, extraCa] : undefined,
    deepLinkBase: (env.PUSH_DEEP_LINK_BASE || 'miniapps://open').replace(/\/+$/, ''),
    worker: worker as PushConfig['worker'],
    queueName: env.PUSH_QUEUE_NAME || 'miniapps-push',
    concurrency: positiveInt('PUSH_CONCURRENCY', env.PUSH_CONCURRENCY, 4, problems),
    retry: {
      attempts: positiveInt('PUSH_RETRY_ATTEMPTS', env.PUSH_RETRY_ATTEMPTS, 5, problems),
      baseDelayMs: positiveInt('PUSH_RETRY_BASE_MS', env.PUSH_RETRY_BASE_MS, 1000, problems), // 1 s
      maxDelayMs: positiveInt('PUSH_RETRY_MAX_MS', env.PUSH_RETRY_MAX_MS, 60_000, problems), // 1 min
    },
  });
}

function parseFcm(env: KnownEnv, problems: string[]): FcmConfig | undefined {
  const text = env.FCM_SERVICE_ACCOUNT_FILE
    ? readText('FCM_SERVICE_ACCOUNT_FILE', env.FCM_SERVICE_ACCOUNT_FILE, problems)
    : env.FCM_SERVICE_ACCOUNT;
  if (!text) return undefined;
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(text) as Record<string, unknown>;
  } catch {
    problems.push('The FCM service account is not valid JSON');
    return undefined;
  }
  const field = (name: string) => (typeof account[name] === 'string' ? (account[name] as string) : '');
  const missing = ['project_id', 'client_email', 'private_key'].filter((name) => !field(name));
  if (missing.length > 0) {
    problems.push(`The FCM service account lacks ${missing.join(', ')}`);
    return undefined;
  }
  checkKey('the FCM service account private_key', field('private_key'), problems);
  return {
    projectId: field('project_id'),
    clientEmail: field('client_email'),
    privateKey: field('private_key'),
    tokenUrl: url('FCM_TOKEN_URL', env.FCM_TOKEN_URL || field('token_uri') || GOOGLE_TOKEN_URL, problems),
    baseUrl: url('FCM_BASE_URL', env.FCM_BASE_URL || 'https://fcm.googleapis.com', problems),
  };
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

function parseApns(env: KnownEnv, problems: string[]): ApnsConfig | undefined {
  const key = env.APNS_KEY_FILE ? readText('APNS_KEY_FILE', env.APNS_KEY_FILE, problems) : env.APNS_KEY;
  if (!key) return undefined;
  const missing = (['APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_TOPIC'] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    problems.push(`APNs needs ${missing.join(', ')} besides its key`);
    return undefined;
  }
  checkKey('the APNs key', key, problems);
  return {
    keyId: env.APNS_KEY_ID!,
    teamId: env.APNS_TEAM_ID!,
    privateKey: key,
    topic: env.APNS_TOPIC!,
    baseUrl: url('APNS_BASE_URL', env.APNS_BASE_URL || 'https://api.push.apple.com', problems),
  };
}

function parseHms(env: KnownEnv, problems: string[]): HmsConfig | undefined {
  if (!env.HMS_APP_ID && !env.HMS_CLIENT_SECRET) return undefined;
  if (!env.HMS_APP_ID || !env.HMS_CLIENT_SECRET) {
    problems.push('HMS Push Kit needs both HMS_APP_ID and HMS_CLIENT_SECRET');
    return undefined;
  }
  return {
    appId: env.HMS_APP_ID,
    clientId: env.HMS_CLIENT_ID || env.HMS_APP_ID,
    clientSecret: env.HMS_CLIENT_SECRET,
    tokenUrl: url(
      'HMS_TOKEN_URL',
      env.HMS_TOKEN_URL || 'https://oauth-login.cloud.huawei.com/oauth2/v3/token',
      problems,
    ),
    baseUrl: url('HMS_BASE_URL', env.HMS_BASE_URL || 'https://push-api.cloud.huawei.com', problems),
  };
}

function parseRustore(env: KnownEnv, problems: string[]): RustoreConfig | undefined {
  if (!env.RUSTORE_PROJECT_ID && !env.RUSTORE_SERVICE_TOKEN) return undefined;
  if (!env.RUSTORE_PROJECT_ID || !env.RUSTORE_SERVICE_TOKEN) {
    problems.push('RuStore push needs both RUSTORE_PROJECT_ID and RUSTORE_SERVICE_TOKEN');
    return undefined;
  }
  return {
    projectId: env.RUSTORE_PROJECT_ID,
    serviceToken: env.RUSTORE_SERVICE_TOKEN,
    baseUrl: url('RUSTORE_BASE_URL', env.RUSTORE_BASE_URL || 'https://vkpns.rustore.ru', problems),
  };
}

function readText(name: string, path: string, problems: string[]): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    problems.push(`${name}: cannot read ${path}`);
    return undefined;
  }
}

function checkKey(what: string, pem: string, problems: string[]): void {
  try {
    createPrivateKey(pem);
  } catch {
    problems.push(`${what} is not a PEM private key`);
  }
}

/** Provider base URLs: https, or http for a local gateway (and the test fakes); no trailing slash. */
function url(name: string, raw: string, problems: string[]): string {
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') problems.push(`${name} must be https`);
  } catch {
    problems.push(`${name} is not a valid URL`);
  }
  return raw.replace(/\/+$/, '');
}

function positiveInt(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    problems.push(`${name} must be a positive integer (got "${raw}")`);
    return fallback;
  }
  return value;
}
