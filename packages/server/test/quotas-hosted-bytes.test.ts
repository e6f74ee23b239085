// Hosted bytes per app at the edge: a version of exactly QUOTA_HOSTED_BYTES_PER_APP (screens, datasets and strings
// together) deploys; one byte more is 422 quota_exceeded naming both sizes, and the app keeps its last version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createPlatform } from '../src/platform.js';
import { createApp, type Developer, deploy, developer, storedScreens } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const LIMIT = 8 * 1024;

/** A deploy whose screens, dataset and strings hold exactly `bytes` as stored (UTF-8 of each path, title, JSON). */
function contentOf(bytes: number) {
  const data = { menu: { items: ['soup', 'bread'] } };
  const strings = { en: { hello: 'Hello' } };
  const json = (text: string) => ({ type: 'screen', title: 'Menu', children: [{ type: 'text', text }] });
  const fixed =
    '/'.length +
    'Menu'.length +
    JSON.stringify(json('')).length +
    JSON.stringify(data.menu).length +
    JSON.stringify(strings.en).length;
  // Cyrillic letters take two bytes each: the size is counted in bytes, not characters.
  const pad = bytes - fixed;
  const text = 'я'.repeat(Math.floor(pad / 2)) + 'a'.repeat(pad % 2);
  return { screens: [{ path: '/', title: 'Menu', json: json(text) }], data, strings };
}

describe.each(dialects)('hosted bytes per app on %s', (dialect) => {
  let t: TestPlatform;
  let dev: Developer;

  beforeAll(async () => {
    t = await startTestPlatform(dialect, { QUOTA_HOSTED_BYTES_PER_APP: '8KB' });
    dev = await developer(t, 'bytes');
    await createApp(t, dev, 'menu');
  });
  afterAll(async () => t?.close());

  const send = (content: object) =>
    deploy(t, dev.token, { organizationId: dev.org, slug: 'menu', ...content });

  it('a version of exactly 8 KB deploys; 8 KB and one byte is 422 and the app keeps its version', async () => {
    const atLimit = await send(contentOf(LIMIT));
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json().version).toBe(1);

    const refused = await send(contentOf(LIMIT + 1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      ok: false,
      error: 'quota_exceeded',
      message:
        'The screens, datasets and strings take 8,193 bytes; an app may host at most 8,192 bytes (8 KB).',
      details: { quota: 'hosted_bytes_per_app', limit: LIMIT, used: LIMIT + 1 },
    });
    const { app, rows } = await storedScreens(t, dev.org, 'menu');
    expect(app.version).toBe(1);
    expect(rows.map((row) => row.version)).toEqual([1]);
  });

  it('tells the sizes in Russian', async () => {
    const refused = await deploy(
      t,
      dev.token,
      { organizationId: dev.org, slug: 'menu', ...contentOf(LIMIT + 2048) },
      { 'accept-language': 'ru' },
    );
    expect(refused.json().message).toBe(
      'Экраны, наборы данных и строки занимают 10\u00a0240 байт; приложение может размещать не больше 8\u00a0192 байт (8 КБ).',
    );
  });

  it('a restore is held to the setting of today: a revision of 8 KB is refused where the quota is now 4 KB', async () => {
    expect((await send(contentOf(1024))).statusCode).toBe(200);
    // The same database under a node started with a lower quota.
    const lower = await createPlatform(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: t.database.dataDir,
        ...(t.database.databaseUrl && { DATABASE_URL: t.database.databaseUrl }),
        QUOTA_HOSTED_BYTES_PER_APP: '4KB',
      }),
    );
    const app = await buildApp(lower, { webhookDelivery: false });
    try {
      const restore = (version: number) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/orgs/${dev.org}/apps/menu/revisions/${version}/restore`,
          headers: dev.who.auth,
          payload: {},
        });
      const refused = await restore(1);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().details).toEqual({ quota: 'hosted_bytes_per_app', limit: 4096, used: LIMIT });
      const small = await restore(2);
      expect(small.statusCode, small.body).toBe(200);
      expect(small.json().version).toBe(3);
    } finally {
      await app.close();
      await lower.close();
    }
  });
});

describe('QUOTA_* settings', () => {
  const quotas = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/miniapps-quota-config', ...env }).quotas;

  it('default to 20 organizations, 100 members, 50 apps, 10 webhooks, 5 MB, 60 deploys an hour, 30 notify and 10 tests a minute', () => {
    expect(quotas({})).toEqual({
      orgsPerUser: 20,
      membersPerOrg: 100,
      appsPerOrg: 50,
      webhooksPerApp: 10,
      hostedBytesPerApp: 5 * 1024 * 1024,
      deploysPerApp: { limit: 60, windowMs: 3_600_000 },
      notifyPerApp: { limit: 30, windowMs: 60_000 },
      webhookTestsPerApp: { limit: 10, windowMs: 60_000 },
    });
  });

  it('read counts, sizes and rates in their forms', () => {
    expect(
      quotas({
        QUOTA_ORGS_PER_USER: '1',
        QUOTA_HOSTED_BYTES_PER_APP: '512KB',
        QUOTA_DEPLOYS_PER_APP: '10/5m',
        QUOTA_NOTIFY_PER_APP: '100/30s',
        QUOTA_WEBHOOK_TESTS_PER_APP: '1000/24h',
      }),
    ).toMatchObject({
      orgsPerUser: 1,
      hostedBytesPerApp: 512 * 1024,
      deploysPerApp: { limit: 10, windowMs: 300_000 },
      notifyPerApp: { limit: 100, windowMs: 30_000 },
      webhookTestsPerApp: { limit: 1000, windowMs: 86_400_000 },
    });
    expect(quotas({ QUOTA_HOSTED_BYTES_PER_APP: '100000' }).hostedBytesPerApp).toBe(100_000);
  });

  it.each([
    ['QUOTA_ORGS_PER_USER', '0'],
    ['QUOTA_APPS_PER_ORG', '-1'],
    ['QUOTA_WEBHOOKS_PER_APP', 'ten'],
    ['QUOTA_HOSTED_BYTES_PER_APP', '5GB'],
    ['QUOTA_HOSTED_BYTES_PER_APP', '100'],
    ['QUOTA_DEPLOYS_PER_APP', '60'],
    ['QUOTA_NOTIFY_PER_APP', '0/m'],
    ['QUOTA_WEBHOOK_TESTS_PER_APP', '10/25h'],
  ])('refuse %s=%s at start-up, naming the variable', (name, value) => {
    expect(() => quotas({ [name]: value })).toThrow(new RegExp(`${name} must be`));
  });
});
