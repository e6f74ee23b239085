// docs/contract.md's Limits table states each number the code enforces: every row is compared with the constant the
// code reads, and every constant of contract/src/limits.ts must be stated in some row.
import { readFileSync } from 'node:fs';
import * as limits from '@miniapps/contract';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_NESTING, DEFAULT_MAX_NODES } from '@miniapps/schema';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../packages/server/src/app.js';
import { MAX_COURSE } from '../packages/server/src/auth/profile-values.js';
import { DEFAULT_MAX_TOKEN_LIFETIME } from '../packages/server/src/config/auth.js';
import { MAX_REPORTED } from '../packages/server/src/deploy/screens-check.js';
import { MAX_BODY_NESTING } from '../packages/server/src/http/input-guard.js';
import { MAX_CLIENT_HEADER_VALUE } from '../packages/server/src/proxy/steps/client-headers.js';
import { DEFAULT_DAYS } from '../packages/server/src/stats/stats-range.js';
import { DISABLE_AFTER_MS } from '../packages/server/src/webhooks/record-attempt.js';
import { DELIVERY_RETENTION_MS } from '../packages/server/src/webhooks/retention.js';
import { WEBHOOK_TIMEOUT_MS } from '../packages/server/src/webhooks/send.js';

type LimitName = {
  [K in keyof typeof limits]: (typeof limits)[K] extends number ? K : never;
}[keyof typeof limits];

const stated = new Set<string>();
/** A constant of the contract's limits, recorded as stated. */
const limit = (name: LimitName): number => {
  stated.add(name);
  return limits[name] as number;
};
const quota = (name: keyof typeof limits.DEFAULT_QUOTAS): string => {
  stated.add(name);
  return limits.DEFAULT_QUOTAS[name];
};

const DAY_MS = 24 * 60 * 60 * 1000;
const grouped = (n: number) => n.toLocaleString('en-US');
const kb = (bytes: number) => `${bytes / 1024} KB`;
const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;
const days = (ms: number) => `${ms / DAY_MS} days`;
/** `5MB` → `5 MB`, `60/h` → `60`: how a quota's default reads in prose. */
const quotaNumber = (value: string) => value.replace(/^(\d+)(MB)$/, '$1 $2').replace(/\/[hm]$/, '');

/** Each row of the table, by its first cell, and what its value cell must say. */
const rows: Record<string, string[]> = {
  'Live deploy tokens per account': [`${limit('MAX_LIVE_TOKENS')}`],
  'Quotas (counts)': [
    `organizations an account creates ${quota('QUOTA_ORGS_PER_USER')}`,
    `an organization ${quota('QUOTA_MEMBERS_PER_ORG')}`,
    `apps an organization ${quota('QUOTA_APPS_PER_ORG')}`,
    `webhook endpoints an app ${quota('QUOTA_WEBHOOKS_PER_APP')}`,
    `hosted bytes an app ${quotaNumber(quota('QUOTA_HOSTED_BYTES_PER_APP'))}`,
  ],
  'Quotas (rates)': [
    `deploys and restores ${quotaNumber(quota('QUOTA_DEPLOYS_PER_APP'))} an hour`,
    `notify calls ${quotaNumber(quota('QUOTA_NOTIFY_PER_APP'))} a minute`,
    `webhook tests ${quotaNumber(quota('QUOTA_WEBHOOK_TESTS_PER_APP'))} a minute`,
  ],
  Invitation: [days(limit('INVITATION_LIFETIME_MS'))],
  'App session token': [`${limit('APP_SESSION_SECONDS') / 60} minutes`],
  'JSON nesting of any request body': [`${MAX_BODY_NESTING} levels`],
  'Screens per deploy': [`${limit('MIN_SCREENS')} to ${limit('MAX_SCREENS')}`],
  'Screen title': [`${limit('MAX_SCREEN_TITLE')} characters`],
  'Screen nesting': [
    `${DEFAULT_MAX_DEPTH} widgets/actions`,
    `${DEFAULT_MAX_NESTING} JSON levels`,
    `${grouped(DEFAULT_MAX_NODES)} nodes`,
  ],
  'Findings listed per deploy answer': [`${MAX_REPORTED} per list`],
  'Request body (Fastify routes)': [`${BODY_LIMIT / 1024 / 1024} MiB`],
  Dataset: [kb(limit('MAX_DATASET_BYTES')), grouped(limits.MAX_DATASET_BYTES)],
  'Datasets and strings per deploy': [mb(limit('MAX_FILES_BYTES')), grouped(limits.MAX_FILES_BYTES)],
  Strings: [
    `${limit('MAX_LOCALES')} locales`,
    `${limit('MAX_STRING_KEYS')} keys`,
    `${limit('MAX_STRING_TEXT')} characters`,
  ],
  'Revisions kept': [`last ${limit('REVISIONS_KEPT')}`],
  'Slugs and organization ids': [`${limit('MIN_SLUG')}–${limit('MAX_SLUG')} characters`],
  'Start path, push page': [`${limit('MAX_APP_PATH')} characters`],
  Listing: [
    `description ${limit('MAX_DESCRIPTION')} code points`,
    `icon URL ${limit('MAX_ICON')} characters`,
  ],
  'Moderation reason': [`1–${limit('MAX_MODERATION_REASON')} characters`],
  'Catalog page': [
    `1–${limit('CATALOG_MAX_LIMIT')} (default ${limit('CATALOG_DEFAULT_LIMIT')})`,
    `at most ${limit('MAX_CATALOG_QUERY')} characters`,
    `${limit('MAX_CATALOG_TERMS')} words`,
  ],
  'Push title / body': [`${limit('MAX_PUSH_TITLE')} / ${limit('MAX_PUSH_BODY')} code points`],
  'Development inbox page': [
    `1–${limit('INBOX_MAX_LIMIT')} (default ${limit('INBOX_DEFAULT_LIMIT')}) pushes`,
  ],
  'Push quota': [`${limit('DAILY_PUSH_QUOTA')} per user per app per UTC day`],
  '`Idempotency-Key`': [`1–${limit('MAX_IDEMPOTENCY_KEY')} printable ASCII`],
  'Devices per user': [`${limit('MAX_DEVICES_PER_USER')}`],
  'Proxy rate': [`${limit('PROXY_RATE_PER_MINUTE')} requests per user per sliding minute`],
  'Origin answer size': [kb(limit('MAX_ORIGIN_ANSWER_BYTES')), grouped(limits.MAX_ORIGIN_ANSWER_BYTES)],
  'Origin answer time': [`${limit('ORIGIN_DEADLINE_MS') / 1000} s`],
  'Document size': [mb(limit('MAX_DOCUMENT_BYTES')), grouped(limits.MAX_DOCUMENT_BYTES)],
  'Proxy request body': [kb(limit('MAX_PROXY_REQUEST_BYTES'))],
  'Upload file': [mb(limit('MAX_UPLOAD_FILE_BYTES')), grouped(limits.MAX_UPLOAD_FILE_BYTES)],
  'Upload request': [mb(limit('MAX_UPLOAD_REQUEST_BYTES')), grouped(limits.MAX_UPLOAD_REQUEST_BYTES)],
  'Upload parts': [`${limit('MAX_UPLOAD_PARTS')} parts`],
  'Files a fileField takes': [`${limit('MAX_FIELD_FILES')} (\`maxFiles\` 1 to ${limits.MAX_FIELD_FILES})`],
  'Proxy path': [`${limit('MAX_PROXY_PATH')} characters`],
  'Remote screen freshness': [`${limit('MAX_ORIGIN_CACHE_SECONDS')} s`],
  'Query key / value': [`${limit('MAX_QUERY_KEY')} / ${limit('MAX_QUERY_VALUE')} characters`],
  'Client headers passed on': [`${MAX_CLIENT_HEADER_VALUE} characters each`],
  'Start parameter': [`${limit('MAX_START_PARAM')} characters`],
  Storage: [
    `key ${limit('MAX_STORAGE_KEY')} characters`,
    `value ${limit('MAX_STORAGE_VALUE_BYTES')} bytes`,
    `${limit('MAX_STORAGE_KEYS')} keys per user and app`,
  ],
  'Form responses': [
    `fields ${kb(limit('MAX_RESPONSE_BYTES'))}`,
    `${limit('RESPONSES_PER_USER_PER_MINUTE')} a minute per user and app`,
    `${grouped(limit('MAX_RESPONSES_PER_APP'))} per app`,
    `kept ${limit('DEFAULT_RESPONSE_RETENTION_DAYS')} days`,
  ],
  'Response retention': [
    `1–${grouped(limit('MAX_RESPONSE_RETENTION_DAYS'))} days`,
    `the default ${limits.DEFAULT_RESPONSE_RETENTION_DAYS}`,
  ],
  "Host kit's kept answers": [`${mb(limit('DEFAULT_HOST_CACHE_BYTES'))} by default`],
  'Signature window (origin)': [`${limit('SIGNATURE_TOLERANCE_SECONDS')} s`],
  'Previous secret': [`${limit('PREVIOUS_SECRET_VALID_MS') / 3_600_000} h after rotation`],
  'User JWT lifetime': [`default ${DEFAULT_MAX_TOKEN_LIFETIME / 3600} h`],
  'Profile values': [
    `e-mail ${limit('MAX_EMAIL')}`,
    `full name ${limit('MAX_FULL_NAME')}`,
    `group ${limit('MAX_GROUP')}`,
    `course 1–${MAX_COURSE}`,
  ],
  'Usage statistics': [
    `${limit('STATS_RETENTION_DAYS')} days kept and per request`,
    `${DEFAULT_DAYS} by default`,
  ],
  'Webhook URL': [
    `${limit('MAX_WEBHOOK_URL')} characters`,
    `${WEBHOOK_TIMEOUT_MS / 1000} s an attempt`,
    `disabled after ${days(DISABLE_AFTER_MS)} failing`,
    `log ${days(DELIVERY_RETENTION_MS)}`,
    `the last ${limit('MAX_WEBHOOK_LOG')} deliveries`,
  ],
};

/** The Limits table of docs/contract.md: first cell → value cell. */
function limitsTable(): Map<string, string> {
  const contract = readFileSync(new URL('../docs/contract.md', import.meta.url), 'utf8');
  const section = contract.slice(contract.indexOf('\n## Limits'), contract.indexOf('\n## Versioning'));
  const table = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    if (cells.length < 4 || cells[1] === 'Limit' || cells[1]?.startsWith('---')) continue;
    table.set(cells[1]!, cells[2]!);
  }
  return table;
}

describe("docs/contract.md's limits", () => {
  const table = limitsTable();

  it.each(Object.entries(rows))('%s: the value stated is the one the code enforces', (row, expected) => {
    const value = table.get(row);
    expect(value, `no row "${row}" in the Limits table`).toBeDefined();
    for (const text of expected) expect(value, row).toContain(text);
  });

  it('has a row for every limit of contract/src/limits.ts and no row this test does not check', () => {
    const numeric = Object.entries(limits)
      .filter(([, value]) => typeof value === 'number')
      .map(([name]) => name);
    const quotas = Object.keys(limits.DEFAULT_QUOTAS);
    expect([...numeric, ...quotas].filter((name) => !stated.has(name))).toEqual([]);
    const unchecked = [...table.keys()].filter((row) => !(row in rows));
    // Rows without a number (the methods, the redirects) are words, not limits to compare.
    expect(unchecked).toEqual(['Redirects followed', 'Methods']);
  });
});
