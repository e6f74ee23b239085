// A developer meets the platform's quotas in the console: a second organization, a second app and a second webhook
// past limits of one are refused with the platform's message, its code and who can raise it; in English and Russian.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { originEnv } from '../../server/test/helpers/proxy-apps.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test/helpers/webhook-receiver.js';
import { launchBrowser, newContext, startWebPlatform, type WebPlatform } from './helpers/browser.js';

describe.each(dialects.slice(0, 1))('quotas in the console on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let dev: SignedIn;
  let receiver: WebhookReceiver;

  const open = async (locale: string, path: string): Promise<Page> => {
    const page = await (await newContext(browser, { locale, who: dev })).newPage();
    await page.goto(t.baseUrl + path);
    return page;
  };
  /** The refusal's notice once it shows, holding each of `texts`. */
  const expectRefusal = async (page: Page, ...texts: string[]) => {
    const notice = page.getByRole('alert').filter({ hasText: 'quota_exceeded' });
    await notice.waitFor();
    const shown = await notice.textContent();
    for (const text of texts) expect(shown).toContain(text);
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startWebPlatform(dialect, {
      ...originEnv(testCertificates().caFile),
      QUOTA_ORGS_PER_USER: '1',
      QUOTA_APPS_PER_ORG: '1',
      QUOTA_WEBHOOKS_PER_APP: '1',
    });
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example');
    const post = (url: string, payload: object) =>
      t.request({ method: 'POST', url, headers: dev.auth, payload });
    await post('/api/v1/orgs', { id: 'acme', name: 'Acme University' });
    await post('/api/v1/orgs/acme/apps', { slug: 'menu', name: 'Menu', sourceKind: 'hosted' });
    await post('/api/v1/orgs/acme/apps/menu/webhooks', {
      url: receiver.url('/one'),
      events: ['app.approved'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  it('a second organization is refused with the limit and who can raise it', async () => {
    const page = await open('en-US', '/console');
    await page.getByLabel('Id').fill('second');
    await page.getByLabel('Name', { exact: true }).fill('Second');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await expectRefusal(
      page,
      'An account may create at most 1 organization.',
      "The platform's operator sets this limit",
    );
  });

  it('a second app is refused on the create page, in Russian', async () => {
    const page = await open('ru-RU', '/console/orgs/acme');
    await page.getByRole('link', { name: 'Создать мини-приложение' }).click();
    await page.getByLabel('Название', { exact: true }).fill('Timetable');
    await page.getByRole('button', { name: 'Создать' }).click();
    await expectRefusal(
      page,
      'В организации может быть не больше 1 приложения.',
      'Этот предел задаёт оператор платформы',
    );
  });

  it('a second webhook is refused in the form, and the first stays listed', async () => {
    const page = await open('en-US', '/console/orgs/acme/apps/menu');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('Endpoint URL (https)').fill(receiver.url('/two'));
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expectRefusal(page, 'An app may have at most 1 webhook endpoint; remove one first.');
    expect(await page.getByTestId('webhook').count()).toBe(1);
  });
});
