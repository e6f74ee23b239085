// Rate quotas per app at their edges: deploys with restores (60 an hour), notify calls (30 a minute), webhook
// tests (10 a minute). The call at the limit passes, the next is 429 rate_limited with Retry-After, the refused
// call changes nothing, and the window reopens on time; in memory on one node and through Redis across two.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ManualClock } from '../src/infra/clock.js';
import { createPlatform, type Platform } from '../src/platform.js';
import { createApp, type Developer, deploy, developer, screen } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv } from './helpers/proxy-apps.js';
import { deployToken, publishedApp } from './helpers/push-fakes/audience.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * What every rate refusal carries: 429, the code, Retry-After in the header and the same wait in the details.
 * On a moving clock the wait is a little under the window: `retryAfterSeconds` is then its upper bound.
 */
function expectRefused(
  res: LightMyRequestResponse,
  quota: string,
  limit: number,
  windowSeconds: number,
  retryAfterSeconds: number,
  exact = true,
) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  if (exact) expect(wait).toBe(retryAfterSeconds);
  else expect(wait).toBeGreaterThan(retryAfterSeconds - 60);
  expect(wait).toBeLessThanOrEqual(retryAfterSeconds);
  expect(res.json()).toMatchObject({
    ok: false,
    error: 'rate_limited',
    details: { quota, limit, windowSeconds, retryAfterSeconds: wait },
  });
}

/** The parts a rate test drives, on one node or on either of two. */
interface Nodes {
  call(options: InjectOptions, node?: number): Promise<LightMyRequestResponse>;
}

async function hookedApp(
  t: TestPlatform,
  nodes: Nodes,
  dev: Developer,
  slug: string,
  receiver: WebhookReceiver,
) {
  await createApp(t, dev, slug);
  const base = `/api/v1/orgs/${dev.org}/apps/${slug}/webhooks`;
  const made = await nodes.call({
    method: 'POST',
    url: base,
    headers: dev.who.auth,
    payload: { url: receiver.url('/hooks'), events: ['app.approved'] },
  });
  expect(made.statusCode, made.body).toBe(201);
  return `${base}/${made.json().webhook.id}/test`;
}

describe.each(dialects)('rate quotas in memory on %s', (dialect) => {
  let t: TestPlatform;
  let clock: ManualClock;
  let dev: Developer;
  let receiver: WebhookReceiver;
  const nodes: Nodes = { call: (options) => t.request(options) };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
    clock = new ManualClock(Date.now());
    t.platform.clock = clock;
    dev = await developer(t, 'rates');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const ship = (slug: string, text: string) =>
    deploy(t, dev.token, { organizationId: dev.org, slug, screens: [screen('/', text)] });
  const restore = (slug: string, version: number) =>
    t.request({
      method: 'POST',
      url: `/api/v1/orgs/${dev.org}/apps/${slug}/revisions/${version}/restore`,
      headers: dev.who.auth,
      payload: {},
    });
  const version = async (slug: string) =>
    (
      await t.request({ method: 'GET', url: `/api/v1/orgs/${dev.org}/apps/${slug}`, headers: dev.who.auth })
    ).json().app.version as number;

  it('59 deploys and a restore pass in an hour; the 61st deploy and a restore are 429 and change nothing', async () => {
    await createApp(t, dev, 'busy');
    for (let i = 1; i <= 59; i++) expect((await ship('busy', `v${i}`)).statusCode).toBe(200);
    const restored = await restore('busy', 50);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().version).toBe(60);

    const refused = await ship('busy', 'one too many');
    expectRefused(refused, 'deploys_per_app', 60, 3600, 3600);
    expect(refused.json().message).toBe(
      'An app may be deployed or restored at most 60 times in 1 hour; try again in 1 hour.',
    );
    expectRefused(await restore('busy', 55), 'deploys_per_app', 60, 3600, 3600);
    expect(await version('busy')).toBe(60);

    // Another app of the same organization has its own hour.
    await createApp(t, dev, 'calm');
    expect((await ship('calm', 'v1')).statusCode).toBe(200);
  });

  it('the hour slides: a second before it ends the wait is 1 s, at its end a deploy passes again', async () => {
    clock.advance(HOUR - 1_000);
    const waiting = await ship('busy', 'still too early');
    expectRefused(waiting, 'deploys_per_app', 60, 3600, 1);
    expect(waiting.json().message).toBe(
      'An app may be deployed or restored at most 60 times in 1 hour; try again in 1 second.',
    );
    clock.advance(1_000);
    expect((await ship('busy', 'next hour')).statusCode).toBe(200);
    expect(await version('busy')).toBe(61);
  });

  it('30 notify calls pass in a minute; the 31st is 429 with Retry-After and nothing is recorded', async () => {
    const owner = await t.login('notifier@uni.example');
    const app = await publishedApp(t, t.platform.db, owner.auth, 'news-org', 'news');
    const token = await deployToken(t, owner.auth);
    const notify = (title: string, language = 'en') =>
      t.request({
        method: 'POST',
        url: '/functions/v1/miniapp-notify',
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
        payload: { organizationId: 'news-org', slug: 'news', title, body: 'Body' },
      });
    for (let i = 1; i <= 30; i++) {
      const res = await notify(`Push ${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await notify('Push 31');
    expectRefused(refused, 'notify_per_app', 30, 60, 60);
    expect(refused.json().message).toBe(
      'An app may send at most 30 notifications in 1 minute; try again in 1 minute.',
    );
    expect((await notify('Push 31', 'ru')).json().message).toBe(
      'Приложение может отправить не больше 30 уведомлений за 1 минуту; повторите через 1 минуту.',
    );
    const recorded = await t.platform.db
      .selectFrom('notifications')
      .select('id')
      .where('appId', '=', app.id)
      .execute();
    expect(recorded).toHaveLength(30);
    clock.advance(MINUTE);
    expect((await notify('Next minute')).statusCode).toBe(200);
  });

  it('10 webhook tests pass in a minute; the 11th is 429 with Retry-After and queues no delivery', async () => {
    const test = await hookedApp(t, nodes, dev, 'hooked', receiver);
    const send = () => t.request({ method: 'POST', url: test, headers: dev.who.auth });
    for (let i = 1; i <= 10; i++) expect((await send()).statusCode).toBe(202);
    const refused = await send();
    expectRefused(refused, 'webhook_tests_per_app', 10, 60, 60);
    expect(refused.json().message).toBe(
      'An app may send at most 10 webhook tests in 1 minute; try again in 1 minute.',
    );
    const deliveries = await t.request({
      method: 'GET',
      url: test.replace(/\/test$/, '/deliveries'),
      headers: dev.who.auth,
    });
    expect(deliveries.json().deliveries).toHaveLength(10);
    clock.advance(MINUTE);
    expect((await send()).statusCode).toBe(202);
  });
});

describe.skipIf(!redisUrl).each(dialects)(
  'rate quotas shared by two nodes through Redis on %s',
  (dialect) => {
    let t: TestPlatform;
    let second: Platform;
    let secondApp: FastifyInstance;
    let dev: Developer;
    let receiver: WebhookReceiver;
    const nodes: Nodes = {
      call: (options, node = 0) => (node % 2 === 0 ? t.request(options) : secondApp.inject(options)),
    };

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      const env = {
        ...originEnv(testCertificates().caFile),
        REDIS_URL: redisUrl!,
        RATE_LIMIT_PREFIX: `test:quota:${randomBytes(6).toString('hex')}:`,
      };
      t = await startTestPlatform(dialect, env);
      // The second node shares the first one's database and keys file, as two replicas would.
      second = await createPlatform(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: t.database.dataDir,
          ...(t.database.databaseUrl && { DATABASE_URL: t.database.databaseUrl }),
          ...env,
        }),
      );
      secondApp = await buildApp(second, { webhookDelivery: false });
      await secondApp.ready();
      dev = await developer(t, 'shared');
    }, 30_000);
    afterAll(async () => {
      await secondApp?.close();
      await second?.close();
      await t?.close();
      await receiver?.close();
    });

    it('61 deploys alternating between the nodes: 60 pass, the last is 429 on whichever node', async () => {
      await createApp(t, dev, 'shared-deploys');
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await nodes.call(
          {
            method: 'POST',
            url: '/functions/v1/miniapp-deploy',
            headers: { authorization: `Bearer ${dev.token}`, 'content-type': 'application/json' },
            payload: { organizationId: dev.org, slug: 'shared-deploys', screens: [screen('/', `v${i}`)] },
          },
          i,
        );
        statuses.push(res.statusCode);
        if (i === 60) expectRefused(res, 'deploys_per_app', 60, 3600, 3600, false);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    });

    it('40 notify calls at once over both nodes: exactly 30 pass, 10 are 429', async () => {
      const owner = await t.login('shared-notifier@uni.example');
      await publishedApp(t, t.platform.db, owner.auth, 'shared-news', 'news');
      const token = await deployToken(t, owner.auth);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          nodes.call(
            {
              method: 'POST',
              url: '/functions/v1/miniapp-notify',
              headers: { authorization: `Bearer ${token}` },
              payload: { organizationId: 'shared-news', slug: 'news', title: `Push ${i}`, body: 'Body' },
            },
            i,
          ),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      for (const refused of answers.filter((a) => a.statusCode === 429)) {
        const wait = Number(refused.headers['retry-after']);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
      }
    });

    it('11 webhook tests alternating between the nodes: 10 pass, the 11th is 429', async () => {
      const test = await hookedApp(t, nodes, dev, 'shared-hooks', receiver);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await nodes.call({ method: 'POST', url: test, headers: dev.who.auth }, i)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(202), 429]);
    });
  },
);
