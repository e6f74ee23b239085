// A moderator in the browser: the queue, live and new side by side, approve (the user then sees the new
// version), reject with a reason the developer reads, suspend revoking notifications, unsuspend, the audit log.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const menuScreen = (dish: string) => ({
  type: 'screen',
  title: 'Menu',
  children: [{ type: 'text', text: `${dish} today` }],
});

describe.each(dialects)('the moderation console in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let dev: SignedIn;
  let user: SignedIn;
  let moderator: SignedIn;
  let token: string;
  let mod: Page;
  let eater: Page;

  const deploy = async (dish: string) => {
    const res = await t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-deploy',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        organizationId: 'acme',
        slug: 'menu',
        submit: true,
        screens: [{ path: '/', json: menuScreen(dish) }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const badge = (page: Page, text: string) =>
    page.locator('h1 .badge', { hasText: new RegExp(`^${text}$`) }).waitFor();

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example');
    user = await t.login('eater@uni.example');
    moderator = await t.login('mod@uni.example', { moderator: true });
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: dev.auth,
      payload: { id: 'acme', name: 'Acme' },
    });
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs/acme/apps',
      headers: dev.auth,
      payload: { slug: 'menu', name: 'Menu', sourceKind: 'hosted', scopes: ['notifications'] },
    });
    token = (
      await t.request({ method: 'POST', url: '/api/v1/tokens', headers: dev.auth, payload: { name: 'ci' } })
    ).json().token;
    await deploy('Borscht');
    const approved = await t.request({
      method: 'POST',
      url: '/api/v1/moderation/apps/acme/menu/approve',
      headers: moderator.auth,
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    await t.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/menu/consent',
      headers: user.auth,
      payload: { scopes: ['notifications'] },
    });
    eater = await pageAs(browser, t.baseUrl, user, '/apps/acme/menu');
    await eater.getByText('Borscht today').waitFor();
    mod = await pageAs(browser, t.baseUrl, moderator, '/moderation');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('a new version waits in the queue while users keep the live one', async () => {
    await deploy('Pelmeni');
    await eater.reload();
    await eater.getByText('Borscht today').waitFor();
    await mod.reload();
    const row = mod.getByRole('table', { name: 'Review queue' }).getByRole('row', { name: /Menu/ });
    expect(await row.textContent()).toContain('changed /');
    await row.getByRole('link', { name: 'Menu' }).click();
    await badge(mod, 'In review');
  });

  it('shows the live and the new version side by side, drawn by the renderer, with the screens diff', async () => {
    await mod.getByTestId('live-version').getByText('Borscht today').waitFor();
    await mod.getByTestId('new-version').getByText('Pelmeni today').waitFor();
    await mod.getByTestId('screens-diff').locator('.added', { hasText: 'Pelmeni today' }).waitFor();
  });

  it('approves, and the user then sees the new version', async () => {
    await mod.getByRole('button', { name: 'Approve version 2' }).click();
    await badge(mod, 'Published');
    const newest = mod.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1);
    await newest.filter({ hasText: 'approve' }).waitFor();
    expect(await newest.textContent()).toMatch(/approve\s*mod@uni\.example\s*In review → Published\s*2/);
    await eater.reload();
    await eater.getByText('Pelmeni today').waitFor();
  });

  it('rejects with a reason the developer reads in the console; users keep the approved version', async () => {
    await deploy('Plov');
    await mod.goto(`${t.baseUrl}/moderation`);
    await mod.getByRole('link', { name: 'Menu' }).click();
    await badge(mod, 'In review');
    const reject = mod.getByRole('button', { name: 'Reject' });
    expect(await reject.isDisabled()).toBe(true);
    await mod.getByLabel('Reason (the developer sees it)').fill('The dish name has a typo.');
    await reject.click();
    await badge(mod, 'Rejected');

    const console = await pageAs(browser, t.baseUrl, dev, '/console/orgs/acme/apps/menu');
    await badge(console, 'Rejected');
    expect(await console.getByTestId('review-note').textContent()).toContain('The dish name has a typo.');
    await console.close();
    await eater.reload();
    await eater.getByText('Pelmeni today').waitFor();
  });

  it('suspends revoking notifications, which hides the app, then unsuspends to the earlier status', async () => {
    await mod.getByLabel('Reason (the developer sees it)').fill('Push spam.');
    await mod.getByLabel(/also revoke the notifications permission/).check();
    await mod.getByRole('button', { name: 'Suspend' }).click();
    await badge(mod, 'Suspended');
    const log = mod.getByRole('table', { name: 'Audit log' });
    await log.getByRole('cell', { name: 'suspend (notifications revoked)' }).waitFor();
    expect(await log.getByRole('row').nth(1).textContent()).toContain('Push spam.');

    const consent = await t.request({
      method: 'GET',
      url: '/api/v1/me/apps/acme/menu/consent',
      headers: user.auth,
    });
    expect(consent.json().scopes).toEqual([]);
    await eater.reload();
    await eater.getByRole('alert').waitFor();
    expect(await eater.getByText('Pelmeni today').count()).toBe(0);

    await mod.getByRole('button', { name: 'Unsuspend' }).click();
    await badge(mod, 'Rejected');
    await eater.reload();
    await eater.getByText('Pelmeni today').waitFor();
  });

  it('opens any app by its organization and slug, and refuses the console to non-moderators', async () => {
    await mod.goto(`${t.baseUrl}/moderation`);
    await mod.getByPlaceholder('organization id').fill('acme');
    await mod.getByPlaceholder('app slug').fill('menu');
    await mod.getByRole('button', { name: 'Open app' }).click();
    await badge(mod, 'Rejected');
    await eater.goto(`${t.baseUrl}/moderation`);
    await eater.getByText('Only platform moderators can open this page.').waitFor();
    expect(await eater.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
  });

  it('opens the first review of an app nothing of which is live without a request answered 404', async () => {
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs/acme/apps',
      headers: dev.auth,
      payload: { slug: 'soup', name: 'Soup', sourceKind: 'hosted', scopes: [] },
    });
    const deployed = await t.request({
      method: 'POST',
      url: '/functions/v1/miniapp-deploy',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        organizationId: 'acme',
        slug: 'soup',
        submit: true,
        screens: [{ path: '/', json: menuScreen('Shchi') }],
      },
    });
    expect(deployed.statusCode, deployed.body).toBe(200);
    const page = await pageAs(browser, t.baseUrl, moderator, '/moderation');
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.getByRole('table', { name: 'Review queue' }).getByRole('link', { name: 'Soup' }).click();
    await badge(page, 'In review');
    await page.getByTestId('live-version').getByText('Nothing is live yet').waitFor();
    await page.getByTestId('new-version').getByText('Shchi today').waitFor();
    await page.getByRole('table', { name: 'Audit log' }).waitFor();
    expect(missing).toEqual([]);
    await page.close();
  });
});
