// Quota settings from the environment: how many organizations, apps and webhooks, how many bytes, how many calls an hour.
import { DEFAULT_QUOTAS } from '@miniapps/contract';
import type { RateLimit } from '../ratelimit/limiter.js';
import type { KnownEnv } from './variables.js';

export interface QuotasConfig {
  /** Organizations one account may create (QUOTA_ORGS_PER_USER). */
  orgsPerUser: number;
  /** Members plus pending invitations of one organization (QUOTA_MEMBERS_PER_ORG). */
  membersPerOrg: number;
  /** Apps in one organization (QUOTA_APPS_PER_ORG). */
  appsPerOrg: number;
  /** Webhook endpoints on one app (QUOTA_WEBHOOKS_PER_APP). */
  webhooksPerApp: number;
  /** Bytes one version of a hosted app holds: screens, datasets and strings (QUOTA_HOSTED_BYTES_PER_APP). */
  hostedBytesPerApp: number;
  /** Deploys and revision restores of one app (QUOTA_DEPLOYS_PER_APP). */
  deploysPerApp: RateLimit;
  /** Notify calls for one app (QUOTA_NOTIFY_PER_APP). */
  notifyPerApp: RateLimit;
  /** Webhook test sends on one app (QUOTA_WEBHOOK_TESTS_PER_APP). */
  webhookTestsPerApp: RateLimit;
}

type QuotaVariable = keyof typeof DEFAULT_QUOTAS;

/** Counts past this are no quota at all; a typo such as an extra zero group is refused. */
const MAX_COUNT = 1_000_000;
const BYTE_UNITS = { B: 1, KB: 1024, MB: 1024 * 1024 } as const;
const WINDOW_UNITS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;
/** Longer windows would keep a Redis key per app for days; a day is the longest a rate here needs. */
const MAX_WINDOW_MS = 86_400_000;

export function parseQuotasConfig(env: KnownEnv, problems: string[]): QuotasConfig {
  const raw = (name: QuotaVariable) => env[name]?.trim() || DEFAULT_QUOTAS[name];
  const count = (name: QuotaVariable) => parseCount(name, raw(name), problems);
  const rate = (name: QuotaVariable) => parseRate(name, raw(name), problems);
  return Object.freeze({
    orgsPerUser: count('QUOTA_ORGS_PER_USER'),
    membersPerOrg: count('QUOTA_MEMBERS_PER_ORG'),
    appsPerOrg: count('QUOTA_APPS_PER_ORG'),
    webhooksPerApp: count('QUOTA_WEBHOOKS_PER_APP'),
    hostedBytesPerApp: parseBytes('QUOTA_HOSTED_BYTES_PER_APP', raw('QUOTA_HOSTED_BYTES_PER_APP'), problems),
    deploysPerApp: rate('QUOTA_DEPLOYS_PER_APP'),
    notifyPerApp: rate('QUOTA_NOTIFY_PER_APP'),
    webhookTestsPerApp: rate('QUOTA_WEBHOOK_TESTS_PER_APP'),
  });
}

function parseCount(name: string, value: string, problems: string[]): number {
  const parsed = /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
  if (parsed >= 1 && parsed <= MAX_COUNT) return parsed;
  problems.push(`${name} must be a whole number from 1 to ${MAX_COUNT} (got "${value}")`);
  return 1;
}

/** `5MB`, `512KB` or plain bytes; KB and MB are binary (1024), as the platform's other size limits are. */
function parseBytes(name: string, value: string, problems: string[]): number {
  const match = /^(\d{1,10})\s*(B|KB|MB)?$/i.exec(value);
  const bytes = match
    ? Number(match[1]) * BYTE_UNITS[(match[2]?.toUpperCase() ?? 'B') as keyof typeof BYTE_UNITS]
    : 0;
  if (bytes >= 1024 && bytes <= 1024 * 1024 * 1024) return bytes;
  problems.push(`${name} must be a size from 1KB to 1024MB, e.g. 5MB, 512KB or 100000 (got "${value}")`);
  return 1024;
}

/** `<count>/<window>`: `60/h`, `30/m`, `10/5m`, `100/30s`. */
function parseRate(name: string, value: string, problems: string[]): RateLimit {
  const match = /^(\d{1,7})\s*\/\s*(\d{1,5})?\s*(s|m|h)$/.exec(value);
  const limit = match ? Number(match[1]) : 0;
  const windowMs = match ? Number(match[2] ?? 1) * WINDOW_UNITS[match[3] as keyof typeof WINDOW_UNITS] : 0;
  if (limit >= 1 && limit <= MAX_COUNT && windowMs >= 1_000 && windowMs <= MAX_WINDOW_MS) {
    return Object.freeze({ limit, windowMs });
  }
  problems.push(
    `${name} must be <count>/<window> with a window of 1s to 24h, e.g. 60/h, 30/m or 10/5m (got "${value}")`,
  );
  return { limit: 1, windowMs: 60_000 };
}
