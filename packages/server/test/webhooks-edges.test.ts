// Webhook edges: the 10 s deadline (an answer at 9.5 s counts, none is origin_timeout), a retry refused while in
// flight, an endpoint disabled by hand, and WEBHOOK_RETRY_DELAYS read at start-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { WEBHOOK_TIMEOUT_MS } from '../src/webhooks/send.js';
import { closeQuietly, createApp, type Developer, deploy, developer, screen } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv } from './helpers/proxy-apps.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

describe('WEBHOOK_RETRY_DELAYS', () => {
  const delays = (value?: string) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/miniapps-webhook-config', WEBHOOK_RETRY_DELAYS: value })
      .webhooks.retryDelaysMs;

  it('defaults to 5s,5m,30m,2h,5h,10h,10h', () => {
    const [s, m, h] = [1_000, 60_000, 3_600_000];
    expect(delays()).toEqual([5 * s, 5 * m, 30 * m, 2 * h, 5 * h, 10 * h, 10 * h]);
  });

  it('reads ms, s, m and h, and at most 20 waits', () => {
    expect(delays('250ms, 2s,1m,1h')).toEqual([250, 2_000, 60_000, 3_600_000]);
    expect(delays(Array(20).fill('1s').join(','))).toHaveLength(20);
    expect(() => delays(Array(21).fill('1s').join(','))).toThrow(/at most 20/);
  });

  it('refuses a wait without a unit, a negative or a fraction, naming the variable', () => {
    for (const bad of ['5', '-5s', '1.5s', '5d', '5s,,5m']) {
      expect(() => delays(bad)).toThrow(ConfigError);
      expect(() => delays(bad)).toThrow(/WEBHOOK_RETRY_DELAYS/);
    }
  });
});

describe.each(dialects.slice(0, 1))('webhook edges on %s', (dialect) => {
  let t: TestPlatform;
  let receiver: WebhookReceiver;
  let dev: Developer;
  let apps = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestPlatform(dialect, {
      ...originEnv(testCertificates().caFile),
      WEBHOOK_RETRY_DELAYS: '1h',
    });
    dev = await developer(t, 'edges');
  });
  afterAll(async () => {
    await closeQuietly(t);
    await receiver.close();
  });

  async function endpoint(events = ['deploy.created']) {
    const slug = `edge-${++apps}`;
    await createApp(t, dev, slug);
    const base = `/api/v1/orgs/${dev.org}/apps/${slug}/webhooks`;
    const res = await t.request({
      method: 'POST',
      url: base,
      headers: dev.who.auth,
      payload: { url: receiver.url(`/${slug}`), events },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { slug, path: `${base}/${res.json().webhook.id as string}` };
  }
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.request({ method, url, headers: dev.who.auth, ...(payload && { payload }) });
  const firstAttempt = async (path: string) => {
    for (;;) {
      const [delivery] = (await call('GET', `${path}/deliveries`)).json().deliveries;
      if (delivery?.attempts.length) return delivery;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it(`counts an answer at 9.5 s and gives up at ${WEBHOOK_TIMEOUT_MS / 1000} s with origin_timeout`, async () => {
    const late = await endpoint();
    const silent = await endpoint();
    // Two deliveries in flight at once, answered in the order they arrive: the late one first.
    receiver.plan.push({ status: 200, afterMs: 9_500 });
    await call('POST', `${late.path}/test`);
    await receiver.waitFor(1);
    receiver.plan.push(0);
    const sent = await call('POST', `${silent.path}/test`);
    // Sent while the slow one still waits: one slow endpoint does not hold up another's deliveries.
    await receiver.waitFor(2, 3_000);
    // A retry by hand while the attempt is under way is refused, not made twice.
    const twice = await call('POST', `${silent.path}/deliveries/${sent.json().delivery.id}/retry`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('conflict');

    const answered = await firstAttempt(late.path);
    expect(answered).toMatchObject({ status: 'delivered', attempts: [{ status: 200, error: null }] });
    expect(answered.attempts[0].durationMs).toBeGreaterThanOrEqual(9_400);
    const cut = await firstAttempt(silent.path);
    expect(cut).toMatchObject({ status: 'pending', attempts: [{ status: null, error: 'origin_timeout' }] });
    expect(cut.attempts[0].durationMs).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS - 100);
    expect(cut.attempts[0].durationMs).toBeLessThan(WEBHOOK_TIMEOUT_MS + 1_500);
    // The next try waits the configured hour.
    expect(Date.parse(cut.nextAttemptAt) - Date.parse(cut.attempts[0].at)).toBeGreaterThanOrEqual(3_599_000);
  }, 30_000);

  it('an endpoint disabled by hand gets no events and no test, says so, and takes them again once enabled', async () => {
    const { slug, path } = await endpoint();
    const off = await call('PATCH', path, { enabled: false });
    expect(off.json().webhook.disabled).toMatchObject({ reason: 'by_hand' });
    expect((await call('POST', `${path}/test`)).statusCode).toBe(409);
    const deployed = await deploy(t, dev.token, { organizationId: dev.org, slug, screens: [screen('/')] });
    expect(deployed.statusCode).toBe(200);
    expect((await call('GET', `${path}/deliveries`)).json().deliveries).toEqual([]);
    const on = await call('PATCH', path, { enabled: true });
    expect(on.json().webhook.disabled).toBeNull();
    await deploy(t, dev.token, { organizationId: dev.org, slug, screens: [screen('/')] });
    const delivered = await firstAttempt(path);
    expect(delivered).toMatchObject({ type: 'deploy.created', status: 'delivered' });
  });
});
