// notification.completed over real push providers (fakes) and a real https receiver: audience, delivered, failures by provider.
import { verifyWebhook } from '@miniapps/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRow } from '../src/db/schema.js';
import type { DevicePlatform } from '../src/devices/rules.js';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv } from './helpers/proxy-apps.js';
import { closePlatform, deployToken, publishedApp, subscribeDevices } from './helpers/push-fakes/audience.js';
import { type PushFakes, startPushFakes } from './helpers/push-fakes/index.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

describe.each(dialects)('notification.completed on %s', (dialect) => {
  let fakes: PushFakes;
  let receiver: WebhookReceiver;
  let t: TestPlatform;
  let owner: SignedIn;
  let token: string;
  let apps = 0;

  beforeAll(async () => {
    fakes = await startPushFakes();
    receiver = await startWebhookReceiver();
    t = await startTestPlatform(dialect, { ...fakes.env, ...originEnv(testCertificates().caFile) });
    owner = await t.login('owner@uni.example');
    token = await deployToken(t, owner.auth);
  });
  afterAll(async () => {
    if (t) await closePlatform(t);
    await fakes?.close();
    await receiver?.close();
  });

  /** A published app declaring notifications, with a webhook for notification.completed; its secret. */
  async function appWithWebhook(): Promise<{ app: AppRow; secret: string }> {
    const app = await publishedApp(t, t.platform.db, owner.auth, 'acme', `news-${++apps}`);
    const res = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/acme/apps/${app.slug}/webhooks`,
      headers: owner.auth,
      payload: { url: receiver.url(), events: ['notification.completed', 'app.approved'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { app, secret: res.json().secret };
  }

  const subscriber = async (app: AppRow, name: string, platforms: DevicePlatform[]) =>
    (await subscribeDevices(t, app, name, platforms)).tokens;

  const notify = (app: AppRow) =>
    t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-notify',
      headers: { authorization: `Bearer ${token}` },
      payload: { organizationId: 'acme', slug: app.slug, title: 'Exam moved', body: 'Friday.' },
    });

  /** The one notification.completed the receiver got for this app, verified with the endpoint's secret. */
  async function completedFor(app: AppRow, secret: string) {
    for (let i = 0; i < 200; i++) {
      const got = receiver.received.find(
        (r) => r.body.includes(app.id) && r.body.includes('notification.completed'),
      );
      if (got) {
        const verified = verifyWebhook<Record<string, unknown>>(secret, got.headers, got.body);
        expect(verified.ok).toBe(true);
        return verified.ok ? verified.event : undefined;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no notification.completed arrived');
  }

  it('reports the audience, the users reached, and device messages that failed by provider', async () => {
    const { app, secret } = await appWithWebhook();
    const [fine] = await subscriber(app, 'fine', ['android']);
    const [mismatch] = await subscriber(app, 'mismatch', ['android']);
    const [down] = await subscriber(app, 'down', ['huawei']);
    fakes.fcm.script.next(mismatch!, 'sender_id_mismatch');
    fakes.hms.script.forever(down!, 'unavailable');
    expect((await notify(app)).json()).toMatchObject({ ok: true, delivered: 3, users: 3 });
    await t.platform.push.idle();
    const event = await completedFor(app, secret);
    expect(event).toMatchObject({
      type: 'notification.completed',
      data: {
        app: { id: app.id, organizationId: 'acme', slug: app.slug },
        audience: 3,
        delivered: 3,
        accepted: 1,
        failed: { android: 1, huawei: 1 },
      },
    });
    expect(fakes.fcm.script.deliveredTo(fine!)).toHaveLength(1);
    const sent = receiver.received.filter((r) => r.body.includes(app.id));
    expect(sent).toHaveLength(1);
  });

  it('reports a push that reached no device at once, when it is made', async () => {
    const { app, secret } = await appWithWebhook();
    await subscriber(app, 'nodevice', []);
    expect((await notify(app)).json()).toMatchObject({ ok: true, delivered: 0, users: 1 });
    const event = await completedFor(app, secret);
    expect(event?.data).toMatchObject({ audience: 1, delivered: 0, accepted: 0, failed: {} });
  });
});
