// The SDK verifies the platform's own webhooks: a real platform signs deliveries to a real https receiver on loopback,
// verifyWebhook accepts each (a retry too, under the same webhook-id) and refuses them altered or with another secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeQuietly, createApp, developer } from '../../server/test/deploy-fixtures.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { originEnv } from '../../server/test/helpers/proxy-apps.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test/helpers/webhook-receiver.js';
import { verifyWebhook } from '../src/index.js';

describe('verifyWebhook on the platform’s own deliveries', () => {
  let t: TestPlatform;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestPlatform('sqlite', {
      ...originEnv(testCertificates().caFile),
      WEBHOOK_RETRY_DELAYS: '200ms',
    });
  });
  afterAll(async () => {
    await closeQuietly(t);
    await receiver.close();
  });

  it('accepts a test event and its retry, refuses them changed', async () => {
    const dev = await developer(t, 'sdk');
    await createApp(t, dev, 'hooked');
    const made = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/${dev.org}/apps/hooked/webhooks`,
      headers: dev.who.auth,
      payload: { url: receiver.url(), events: ['app.approved'] },
    });
    const { secret, webhook } = made.json() as { secret: string; webhook: { id: string } };
    receiver.plan.push(503);
    await t.request({
      method: 'POST',
      url: `/api/v1/orgs/${dev.org}/apps/hooked/webhooks/${webhook.id}/test`,
      headers: dev.who.auth,
    });
    const [first, retry] = await receiver.waitFor(2);
    for (const got of [first!, retry!]) {
      const result = verifyWebhook<{ endpointId: string }>(secret, got.headers, got.body);
      expect(result).toMatchObject({
        ok: true,
        id: first!.headers['webhook-id'],
        event: { type: 'webhook.test', data: { endpointId: webhook.id } },
      });
      expect(verifyWebhook(secret, got.headers, `${got.body} `)).toEqual({
        ok: false,
        reason: 'bad_signature',
      });
      expect(verifyWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`, got.headers, got.body).ok).toBe(
        false,
      );
    }
  });
});
