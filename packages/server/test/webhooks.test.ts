// Webhooks end to end over real https on loopback: registration rules, signed deliveries and retries, events, refusals.

import { webhookEventTypes } from '@miniapps/schema';
import { verifyWebhook } from '@miniapps/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createEgress } from '../src/egress/agent.js';
import { createPlatform } from '../src/platform.js';
import { DISABLE_AFTER_MS } from '../src/webhooks/record-attempt.js';
import { DELIVERY_RETENTION_MS, pruneDeliveries } from '../src/webhooks/retention.js';
import { closeQuietly, createApp, type Developer, deploy, developer, screen } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv } from './helpers/proxy-apps.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

const RETRY_MS = 300;
const env = {
  ...originEnv(testCertificates().caFile, ['private.test=10.0.0.7']),
  WEBHOOK_RETRY_DELAYS: `${RETRY_MS}ms,${RETRY_MS}ms`,
  // Two nodes send 40 test events to one app below: more than the default quota lets through in a minute.
  QUOTA_WEBHOOK_TESTS_PER_APP: '100/m',
};

describe.each(dialects)('webhooks on %s', (dialect) => {
  let t: TestPlatform;
  let receiver: WebhookReceiver;
  let dev: Developer;
  let stranger: SignedIn;
  let moderator: SignedIn;
  let slugCount = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestPlatform(dialect, env);
    dev = await developer(t, 'hooks');
    stranger = await t.login('stranger@uni.example');
    moderator = await t.login('mod@uni.example', { moderator: true });
  });
  afterAll(async () => {
    await closeQuietly(t);
    await receiver.close();
  });

  /** A fresh hosted app and the API path of its webhooks. */
  async function newApp(): Promise<{ slug: string; base: string }> {
    const slug = `hook-app-${++slugCount}`;
    await createApp(t, dev, slug);
    return { slug, base: `/api/v1/orgs/${dev.org}/apps/${slug}/webhooks` };
  }

  function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who = dev.who) {
    return t.request({ method, url, headers: who.auth, ...(payload && { payload }) });
  }

  async function register(base: string, events: string[] = [...webhookEventTypes], path = '/hooks') {
    const res = await api('POST', base, { url: receiver.url(path), events });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { webhook: { id: string }; secret: string };
  }

  async function deliveries(base: string, id: string) {
    const res = await api('GET', `${base}/${id}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().deliveries as Array<{
      id: string;
      webhookId: string;
      type: string;
      status: string;
      attempts: Array<{ at: string; status: number | null; durationMs: number; error: string | null }>;
    }>;
  }

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > end) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('registers an endpoint, shows its whsec_ secret once, and never again', async () => {
    const { base } = await newApp();
    const created = await register(base, ['app.approved', 'deploy.created', 'app.approved']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created.webhook).toMatchObject({
      url: receiver.url('/hooks'),
      events: ['app.approved', 'deploy.created'],
      disabled: null,
      failingSince: null,
    });
    const list = await api('GET', base);
    expect(list.json().webhooks).toEqual([created.webhook]);
    expect(list.body).not.toContain(created.secret);
    const stored = await t.platform.db.selectFrom('webhookEndpoints').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(6));
  });

  it('changes the URL and events, and deletes the endpoint with its log', async () => {
    const { base } = await newApp();
    const { webhook } = await register(base, ['app.approved']);
    const changed = await api('PATCH', `${base}/${webhook.id}`, {
      url: receiver.url('/other?x=1'),
      events: ['app.rejected', 'app.suspended'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook).toMatchObject({
      url: receiver.url('/other?x=1'),
      events: ['app.rejected', 'app.suspended'],
    });
    expect((await api('DELETE', `${base}/${webhook.id}`)).statusCode).toBe(200);
    expect((await api('GET', base)).json().webhooks).toEqual([]);
    expect((await api('DELETE', `${base}/${webhook.id}`)).json().error).toBe('not_found');
  });

  it('shows webhooks and deliveries to members of the organization only', async () => {
    const { base } = await newApp();
    const { webhook } = await register(base, ['app.approved']);
    for (const [method, url] of [
      ['GET', base],
      ['POST', base],
      ['PATCH', `${base}/${webhook.id}`],
      ['DELETE', `${base}/${webhook.id}`],
      ['POST', `${base}/${webhook.id}/test`],
      ['GET', `${base}/${webhook.id}/deliveries`],
      ['POST', `${base}/${webhook.id}/deliveries/whd_x/retry`],
    ] as const) {
      const payload =
        method === 'POST' && url === base ? { url: receiver.url(), events: ['app.approved'] } : {};
      const res = await api(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : payload,
        stranger,
      );
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      const anonymous = await t.request({ method, url });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await api('GET', base)).json().webhooks).toHaveLength(1);
  });

  it('refuses an unknown event with bad_request listing the known ones, and an empty list', async () => {
    const { base } = await newApp();
    const res = await api('POST', base, { url: receiver.url(), events: ['app.approved', 'app.deleted'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ok: false,
      error: 'bad_request',
      details: { field: 'events', unknown: ['app.deleted'], known: [...webhookEventTypes] },
    });
    for (const name of webhookEventTypes) expect(res.json().message).toContain(name);
    const none = await api('POST', base, { url: receiver.url(), events: [] });
    expect(none.json()).toMatchObject({ error: 'bad_request', details: { field: 'events' } });
    expect((await api('GET', base)).json().webhooks).toEqual([]);
  });

  it('refuses at registration a URL that is not https, names an IP, resolves privately or redirects', async () => {
    const { base } = await newApp();
    const cases: Array<[string, number, string]> = [
      [`http://origin.test:${receiver.port}/hooks`, 422, 'bad_origin'],
      [`https://127.0.0.1:${receiver.port}/hooks`, 422, 'bad_origin'],
      ['https://localhost/hooks', 422, 'bad_origin'],
      ['https://user:pw@origin.test/hooks', 422, 'bad_origin'],
      ['not a url', 422, 'bad_origin'],
      ['https://private.test/hooks', 403, 'forbidden_origin'],
      [receiver.url('/redirect'), 502, 'origin_redirect'],
    ];
    for (const [url, status, error] of cases) {
      const res = await api('POST', base, { url, events: ['app.approved'] });
      expect([url, res.statusCode, res.json().error]).toEqual([url, status, error]);
    }
    // The same rules on a change of URL, and the endpoint keeps its old one.
    const { webhook } = await register(base, ['app.approved']);
    const moved = await api('PATCH', `${base}/${webhook.id}`, { url: 'https://private.test/x' });
    expect(moved.json().error).toBe('forbidden_origin');
    expect((await api('GET', base)).json().webhooks[0].url).toBe(receiver.url('/hooks'));
  });

  it('delivers a webhook that failed once with 500 again with the same webhook-id, signed, both attempts logged', async () => {
    const { base } = await newApp();
    const { webhook, secret } = await register(base, ['app.approved']);
    const before = receiver.received.length;
    receiver.plan.push(500);
    const sent = await api('POST', `${base}/${webhook.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().delivery).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: [] });
    const [first, second] = (await receiver.waitFor(before + 2)).slice(before);
    expect(first!.answered).toBe(500);
    expect(second!.answered).toBe(204);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.headers['webhook-id']).toBe(sent.json().delivery.webhookId);
    expect(second!.body).toBe(first!.body);
    for (const got of [first!, second!]) {
      const verified = verifyWebhook(secret, got.headers, got.body);
      expect(verified.ok).toBe(true);
      if (!verified.ok) continue;
      expect(verified.event).toMatchObject({ type: 'webhook.test', data: { endpointId: webhook.id } });
      expect(got.headers['content-type']).toBe('application/json');
    }
    // Another secret does not verify it.
    expect(
      verifyWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, second!.headers, second!.body).ok,
    ).toBe(false);
    const log = await until(
      () => deliveries(base, webhook.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'delivered', webhookId: first!.headers['webhook-id'] });
    expect(log[0]!.attempts).toMatchObject([
      { status: 500, error: null },
      { status: 204, error: null },
    ]);
    const [a, b] = log[0]!.attempts;
    expect(Date.parse(b!.at) - Date.parse(a!.at)).toBeGreaterThanOrEqual(RETRY_MS);
    for (const attempt of log[0]!.attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    // The endpoint recovered: no failure streak is left.
    expect((await api('GET', base)).json().webhooks[0].failingSince).toBeNull();
  });

  it('retries after each configured wait, then fails: exactly one attempt more than there are waits', async () => {
    const { base } = await newApp();
    const { webhook } = await register(base, ['app.approved']);
    receiver.plan.push(503, 503, 503, 503);
    await api('POST', `${base}/${webhook.id}/test`);
    const log = await until(
      () => deliveries(base, webhook.id),
      (d) => d[0]?.status === 'failed',
    );
    expect(log[0]!.status).toBe('failed');
    expect(log[0]!.attempts.map((a) => a.status)).toEqual([503, 503, 503]);
    await new Promise((r) => setTimeout(r, RETRY_MS * 4));
    expect((await deliveries(base, webhook.id))[0]!.attempts).toHaveLength(3);
    receiver.plan.length = 0;
    // By hand: the same webhook-id once more, now answered.
    const retried = await api('POST', `${base}/${webhook.id}/deliveries/${log[0]!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    const after = await until(
      () => deliveries(base, webhook.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(after[0]!.attempts.map((a) => a.status)).toEqual([503, 503, 503, 204]);
    const missing = await api('POST', `${base}/${webhook.id}/deliveries/whd_missing/retry`);
    expect(missing.statusCode).toBe(404);
    // The log answers at most 100 deliveries at once.
    expect((await api('GET', `${base}/${webhook.id}/deliveries?limit=100`)).statusCode).toBe(200);
    const tooMany = await api('GET', `${base}/${webhook.id}/deliveries?limit=101`);
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([400, 'bad_request']);
  });

  it('sends the events of moderation and deploys, each to the endpoints subscribed to it', async () => {
    const { slug, base } = await newApp();
    const all = await register(base);
    const approvals = await register(base, ['app.approved']);
    const decide = (decision: string, payload: object = {}) =>
      t.request({
        method: 'POST',
        url: `/api/v1/moderation/apps/${dev.org}/${slug}/${decision}`,
        headers: moderator.auth,
        payload,
      });
    const unknownWidget = { ...screen('/'), json: { type: 'screen', children: [{ type: 'colum' }] } };
    const deployed = await deploy(t, dev.token, {
      organizationId: dev.org,
      slug,
      screens: [unknownWidget],
      submit: true,
    });
    expect(deployed.statusCode, deployed.body).toBe(200);
    expect((await decide('reject', { reason: 'Too few screens' })).statusCode).toBe(200);
    await deploy(t, dev.token, { organizationId: dev.org, slug, screens: [screen('/')], submit: true });
    expect((await decide('approve')).statusCode).toBe(200);
    expect((await decide('suspend', { reason: 'Broken links' })).statusCode).toBe(200);
    expect((await decide('unsuspend')).statusCode).toBe(200);

    const typesOf = async (id: string, count: number) => {
      const log = await until(
        () => deliveries(base, id),
        (d) => d.length === count && d.every((x) => x.status === 'delivered'),
      );
      return log;
    };
    const log = await typesOf(all.webhook.id, 6);
    expect(log.map((d) => d.type).sort()).toEqual(
      [
        'deploy.created',
        'app.rejected',
        'deploy.created',
        'app.approved',
        'app.suspended',
        'app.unsuspended',
      ].sort(),
    );
    // Each event once (app.approved went to both endpoints under one webhook-id).
    const bodies = [...new Map(receiver.received.map((r) => [r.headers['webhook-id'], r])).values()]
      .filter((r) => log.some((d) => d.webhookId === r.headers['webhook-id']))
      .map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> });
    const appRef = { organizationId: dev.org, slug };
    const data = (type: string) => bodies.filter((b) => b.type === type).map((b) => b.data);
    expect(data('deploy.created')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          app: expect.objectContaining(appRef),
          version: 1,
          status: 'pending_review',
          unknownWidgets: 1,
          unknownActions: 0,
        }),
        expect.objectContaining({ version: 2, unknownWidgets: 0 }),
      ]),
    );
    expect(data('app.rejected')).toEqual([expect.objectContaining({ reason: 'Too few screens' })]);
    expect(data('app.approved')).toEqual([expect.objectContaining({ version: 2 })]);
    expect(data('app.suspended')).toEqual([expect.objectContaining({ reason: 'Broken links' })]);
    expect(data('app.unsuspended')).toEqual([
      expect.objectContaining({ app: expect.objectContaining(appRef) }),
    ]);
    for (const body of bodies) expect(Date.parse(body.timestamp)).not.toBeNaN();
    const only = await typesOf(approvals.webhook.id, 1);
    expect(only.map((d) => d.type)).toEqual(['app.approved']);
    // One event, one webhook-id, shared by the endpoints it went to.
    expect(only[0]!.webhookId).toBe(log.find((d) => d.type === 'app.approved')!.webhookId);
  });

  it('writes no event when the change itself is refused (the outbox shares its transaction)', async () => {
    const { slug, base } = await newApp();
    const { webhook } = await register(base);
    const refused = await t.request({
      method: 'POST',
      url: `/api/v1/moderation/apps/${dev.org}/${slug}/approve`,
      headers: moderator.auth,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveries(base, webhook.id)).toEqual([]);
  });

  it('refuses at delivery a name now resolving to a private address, a redirect and an http URL', async () => {
    const { base } = await newApp();
    const { webhook } = await register(base, ['app.approved']);
    const before = receiver.received.length;
    // The resolver now answers a private address for every name.
    const original = t.platform.egress;
    t.platform.egress = createEgress(
      { ...t.config.egress, hosts: new Map() },
      { resolver: async () => [{ address: '10.0.0.7', family: 4 }], extraCa: t.config.proxy.extraCa },
    );
    try {
      await api('POST', `${base}/${webhook.id}/test`);
      const refused = await until(
        () => deliveries(base, webhook.id),
        (d) => (d[0]?.attempts.length ?? 0) >= 1,
      );
      expect(refused[0]!.attempts[0]).toMatchObject({ status: null, error: 'forbidden_origin' });
    } finally {
      await t.platform.egress.close();
      t.platform.egress = original;
    }
    expect(receiver.received.length).toBe(before);
    const recovered = await until(
      () => deliveries(base, webhook.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(recovered[0]!.attempts.map((a) => a.error)).toEqual(['forbidden_origin', null]);

    receiver.plan.push(302);
    await api('POST', `${base}/${webhook.id}/test`);
    const redirected = await until(
      () => deliveries(base, webhook.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(redirected[0]!.attempts).toMatchObject([
      { status: 302, error: 'origin_redirect' },
      { status: 204, error: null },
    ]);

    await t.platform.db
      .updateTable('webhookEndpoints')
      .set({ url: `http://origin.test:${receiver.port}/hooks` })
      .where('id', '=', webhook.id)
      .execute();
    const count = receiver.received.length;
    await api('POST', `${base}/${webhook.id}/test`);
    const plain = await until(
      () => deliveries(base, webhook.id),
      (d) => d[0]?.status === 'failed',
    );
    expect(plain[0]!.attempts.map((a) => a.error)).toEqual(['bad_origin', 'bad_origin', 'bad_origin']);
    expect(receiver.received.length).toBe(count);
  });

  it('disables an endpoint failing for 5 days (not one minute before) and shows why', async () => {
    const { base } = await newApp();
    const { webhook } = await register(base, ['app.approved']);
    const failingFor = async (ms: number) => {
      await t.platform.db
        .updateTable('webhookEndpoints')
        .set({ failingSince: new Date(Date.now() - ms).toISOString() })
        .where('id', '=', webhook.id)
        .execute();
      receiver.plan.push(500);
      const sent = await api('POST', `${base}/${webhook.id}/test`);
      const id = sent.json().delivery.id as string;
      await until(
        () => deliveries(base, webhook.id),
        (d) => (d.find((x) => x.id === id)?.attempts.length ?? 0) >= 1,
      );
      return (await api('GET', base)).json().webhooks[0];
    };
    const almost = await failingFor(DISABLE_AFTER_MS - 60_000);
    expect(almost.disabled).toBeNull();
    expect(almost.failingSince).not.toBeNull();
    // The retry of that one succeeds and clears the streak; the next test starts a new one at 5 days.
    await until(
      () => api('GET', base).then((r) => r.json().webhooks[0].failingSince),
      (since) => since === null,
    );
    const since = new Date(Date.now() - DISABLE_AFTER_MS).toISOString();
    const disabled = await failingFor(DISABLE_AFTER_MS);
    expect(disabled.disabled).toMatchObject({ reason: 'failing', lastStatus: 500, lastError: null });
    expect(Date.parse(disabled.disabled.failingSince) - Date.parse(since)).toBeLessThan(5_000);
    // Nothing more goes out: the pending retry waits, a test send is refused.
    const count = receiver.received.length;
    await new Promise((r) => setTimeout(r, RETRY_MS * 4));
    expect(receiver.received.length).toBe(count);
    expect((await api('POST', `${base}/${webhook.id}/test`)).statusCode).toBe(409);
    // Enabled again by its owner: the waiting retry goes out.
    const enabled = await api('PATCH', `${base}/${webhook.id}`, { enabled: true });
    expect(enabled.json().webhook).toMatchObject({ disabled: null, failingSince: null });
    await receiver.waitFor(count + 1);
  });

  it('keeps the delivery log 30 days: older settled deliveries go with their attempts, pending ones stay', async () => {
    const { base } = await newApp();
    const { webhook } = await register(base, ['app.approved']);
    await api('POST', `${base}/${webhook.id}/test`);
    await until(
      () => deliveries(base, webhook.id),
      (d) => d[0]?.status === 'delivered',
    );
    const now = Date.now();
    const age = async (ms: number, status: 'pending' | 'delivered') => {
      const id = `whd_old_${status}_${ms}`;
      await t.platform.db
        .insertInto('webhookDeliveries')
        .values({
          id,
          endpointId: webhook.id,
          messageId: `msg_${id}`,
          type: 'app.approved',
          body: '{}',
          status,
          attempts: 1,
          // Far in the future, so the loop leaves a pending one alone.
          nextAttemptAt: '2999-01-01T00:00:00.000Z',
          leaseOwner: null,
          leaseUntil: null,
          createdAt: new Date(now - ms).toISOString(),
          deliveredAt: null,
        })
        .execute();
      await t.platform.db
        .insertInto('webhookAttempts')
        .values({
          id: `wha_${id}`,
          deliveryId: id,
          attemptedAt: new Date(now - ms).toISOString(),
          statusCode: 500,
          durationMs: 1,
          error: null,
        })
        .execute();
      return id;
    };
    const kept = await age(DELIVERY_RETENTION_MS - 60_000, 'delivered');
    const gone = await age(DELIVERY_RETENTION_MS + 60_000, 'delivered');
    const waiting = await age(DELIVERY_RETENTION_MS + 60_000, 'pending');
    expect(await pruneDeliveries(t.platform.db, now)).toBe(1);
    const left = (await deliveries(base, webhook.id)).map((d) => d.id);
    expect(left).toContain(kept);
    expect(left).toContain(waiting);
    expect(left).not.toContain(gone);
    expect(left).toHaveLength(3);
    const orphans = await t.platform.db
      .selectFrom('webhookAttempts')
      .select('id')
      .where('deliveryId', '=', gone)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('two nodes on one database deliver each event once', async () => {
    const { base } = await newApp();
    const { webhook } = await register(base, ['app.approved']);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.database.dataDir,
      ...(t.database.databaseUrl && { DATABASE_URL: t.database.databaseUrl }),
      ...env,
    });
    const second = await createPlatform(config);
    const secondApp = await buildApp(second);
    await secondApp.ready();
    try {
      const before = receiver.received.length;
      const sent = 40;
      for (let i = 0; i < sent; i++) {
        const node = i % 2 === 0 ? t.app : secondApp;
        const res = await node.inject({
          method: 'POST',
          url: `${base}/${webhook.id}/test`,
          headers: dev.who.auth,
        });
        expect(res.statusCode).toBe(202);
      }
      await receiver.waitFor(before + sent);
      await new Promise((r) => setTimeout(r, 1_500));
      const ids = receiver.received.slice(before).map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(sent);
      expect(new Set(ids).size).toBe(sent);
      const log = await deliveries(base, webhook.id);
      expect(log.every((d) => d.status === 'delivered' && d.attempts.length === 1)).toBe(true);
    } finally {
      await secondApp.close();
      await second.close();
    }
  });
});
