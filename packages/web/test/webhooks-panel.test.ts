// A developer manages an app's webhooks in the browser: create (secret once), a test that fails once then arrives,
// the delivery log with both attempts and a retry, editing events, a disabled endpoint's reason, delete; in English and Russian.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp, originEnv } from '../../server/test/helpers/proxy-apps.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test/helpers/webhook-receiver.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const APP_PATH = '/console/orgs/acme/apps/menu';

describe.each(dialects.slice(0, 1))('webhooks panel on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let dev: SignedIn;
  let receiver: WebhookReceiver;
  let page: Page;

  const open = async (locale: string): Promise<Page> => {
    const opened = await (await newContext(browser, { locale, who: dev })).newPage();
    await opened.goto(t.baseUrl + APP_PATH);
    return opened;
  };
  const webhook = () => page.getByTestId('webhook');

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startWebPlatform(dialect, {
      ...originEnv(testCertificates().caFile),
      WEBHOOK_RETRY_DELAYS: '300ms',
    });
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example');
    await hostedApp(t, dev, { org: 'acme', slug: 'menu' });
    page = await open('en-US');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  it('creates a webhook and shows its secret once', async () => {
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('Endpoint URL (https)').fill(receiver.url('/hooks'));
    await page.getByRole('checkbox', { name: /Push completed/ }).uncheck();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await webhook().getByText(receiver.url('/hooks')).waitFor();
    expect(await webhook().textContent()).toContain('App approved');
    expect(await webhook().textContent()).not.toContain('Push completed');
    await page.getByRole('button', { name: 'I stored it' }).click();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    await page.reload();
    await webhook().waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('refuses an http URL with the egress error', async () => {
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('Endpoint URL (https)').fill(`http://origin.test:${receiver.port}/hooks`);
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('alert').filter({ hasText: 'bad_origin' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await webhook().count()).toBe(1);
  });

  it('sends a test that fails once with 500, shows both attempts, and sends it again by hand', async () => {
    receiver.plan.push(500);
    const before = receiver.received.length;
    await webhook().getByRole('button', { name: 'Send test' }).click();
    await receiver.waitFor(before + 2);
    const delivery = page.getByTestId('webhook-delivery');
    await delivery.waitFor();
    for (let i = 0; i < 50; i++) {
      if ((await page.getByTestId('webhook-attempt').count()) === 2) break;
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(100);
    }
    const attempts = page.getByTestId('webhook-attempt');
    expect(await attempts.count()).toBe(2);
    expect(await attempts.nth(0).textContent()).toContain('HTTP 500');
    expect(await attempts.nth(1).textContent()).toContain('HTTP 204');
    expect(await delivery.textContent()).toContain('webhook.test');
    expect(await delivery.textContent()).toContain('Delivered');
    await delivery.getByRole('button', { name: 'Send again' }).click();
    await receiver.waitFor(before + 3);
    const ids = receiver.received.slice(before).map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    for (let i = 0; i < 50 && (await page.getByTestId('webhook-attempt').count()) < 3; i++) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(100);
    }
    expect(await page.getByTestId('webhook-attempt').count()).toBe(3);
  });

  it('changes the events', async () => {
    await webhook().getByRole('button', { name: 'Edit' }).click();
    await webhook()
      .getByRole('checkbox', { name: /Deploy/ })
      .uncheck();
    await webhook()
      .getByRole('checkbox', { name: /Push completed/ })
      .check();
    await webhook().getByRole('button', { name: 'Save' }).click();
    await webhook().getByRole('button', { name: 'Edit' }).waitFor();
    // The form closes before the list is read again: wait for the saved events to be drawn.
    await expect.poll(() => webhook().textContent(), { timeout: 10_000 }).toContain('Push completed');
    expect(await webhook().textContent()).not.toContain('Deploy,');
  });

  it('says why an endpoint was disabled, in English and in Russian, and enables it again', async () => {
    await t.platform.db
      .updateTable('webhookEndpoints')
      .set({
        disabledAt: '2026-11-20T10:00:00.000Z',
        disabledReason: JSON.stringify({
          reason: 'failing',
          failingSince: '2026-11-15T09:00:00.000Z',
          lastStatus: null,
          lastError: 'origin_unreachable',
        }),
      })
      .execute();
    await page.reload();
    const notice = page.getByTestId('webhook-disabled');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Disabled on .*2026.*failed since .*2026.*origin_unreachable/);
    const russian = await open('ru-RU');
    await russian.getByRole('heading', { name: 'Вебхуки' }).waitFor();
    const ruNotice = russian.getByTestId('webhook-disabled');
    expect(await ruNotice.textContent()).toMatch(/Отключён .*2026.*origin_unreachable/);
    await russian
      .getByRole('button', { name: 'Отправить тест' })
      .count()
      .then((n) => expect(n).toBe(0));
    await russian.context().close();
    await webhook().getByRole('button', { name: 'Enable' }).click();
    await webhook().getByRole('button', { name: 'Send test' }).waitFor();
    expect(await page.getByTestId('webhook-disabled').count()).toBe(0);
  });

  it('deletes the webhook after a confirmation', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await webhook().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No webhooks yet.').waitFor();
    expect(await t.platform.db.selectFrom('webhookEndpoints').selectAll().execute()).toEqual([]);
  });
});
