// A developer, in the browser: organization and invitations, a hosted app and a deploy token that then deploys,
// revisions with diff, restore and preview, a remote app's signing secret, pushes and their counts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const screenOf = (text: string) => ({
  type: 'screen',
  title: 'Menu',
  children: [
    { type: 'heading', text: 'Today' },
    { type: 'text', text },
    { type: 'sparkline', values: [1, 2] },
  ],
});

describe.each(dialects)('the developer console in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let page: Page;
  let dev: SignedIn;
  let token = '';

  const deploy = (text: string, submit = false, with_ = token) =>
    fetch(`${t.baseUrl}/functions/v1/miniapp-deploy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${with_}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        organizationId: 'acme',
        slug: 'lunch-menu',
        submit,
        screens: [{ path: '/', title: 'Menu', json: screenOf(text) }],
      }),
    });
  /** Waits for the app's status badge to read `text` (it follows the answer of the last action). */
  const badge = (text: string) => page.locator('h1 .badge', { hasText: new RegExp(`^${text}$`) }).waitFor();
  const openTab = async (name: string) => {
    await page.getByRole('tab', { name }).click();
  };

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    dev = await t.login('dev@uni.example', { fullName: 'Dana Developer' });
    await t.login('colleague@uni.example');
    page = await pageAs(browser, t.baseUrl, dev, '/console');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('creates an organization and invites a member by e-mail', async () => {
    await page.getByLabel('Id').fill('acme');
    await page.getByLabel('Name', { exact: true }).fill('Acme University');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Acme University' }).waitFor();
    await page.getByPlaceholder('colleague@example.org').fill('colleague@uni.example');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('An invitation for colleague@uni.example was recorded.').waitFor();
    await page
      .getByRole('table', { name: 'Pending invitations' })
      .getByRole('cell', { name: 'colleague@uni.example' })
      .waitFor();
  });

  it('creates a hosted app through Services → Mini-apps → Create', async () => {
    await page.getByRole('link', { name: 'Create mini-app' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Lunch menu');
    expect(await page.getByLabel('Slug').inputValue()).toBe('lunch-menu');
    await page.getByRole('checkbox', { name: /Notifications/ }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: /Lunch menu/ }).waitFor();
    await badge('Draft');
  });

  it('creates a deploy token shown once with a copy button, and the token deploys', async () => {
    await page.goto(`${t.baseUrl}/console/tokens`);
    await page.getByPlaceholder('Name, e.g. CI on main').fill('CI');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('new-token');
    token = (await shown.textContent()) ?? '';
    expect(token).toMatch(/^mapp_dt_[0-9a-f]{48}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await page.getByRole('button', { name: 'I stored it' }).click();
    expect(await page.getByTestId('new-token').count()).toBe(0);
    await page.reload();
    await page.getByRole('cell', { name: 'CI' }).waitFor();
    expect(await page.content()).not.toContain(token);

    const first = await deploy('Borscht');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ok: true, version: 1, status: 'draft' });
    expect((await deploy('Pelmeni')).status).toBe(200);
  });

  it('lists revisions with a diff, restores one for review and previews the head', async () => {
    await page.goto(`${t.baseUrl}/console/orgs/acme/apps/lunch-menu`);
    await openTab('Screens and revisions');
    const revisions = page.getByRole('table', { name: 'Revisions' });
    await revisions.locator('tr[data-version="2"]').waitFor();
    await revisions.locator('tr[data-version="2"]').getByRole('button', { name: 'Diff with 1' }).click();
    const diff = page.getByTestId('screens-diff');
    await diff.locator('.removed', { hasText: '"text": "Borscht"' }).waitFor();
    await diff.locator('.added', { hasText: '"text": "Pelmeni"' }).waitFor();

    await revisions.locator('tr[data-version="1"]').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Restored revision 1 as version 3 (pending review).').waitFor();
    await badge('In review');

    await openTab('Preview');
    await page.getByText('Borscht').waitFor();
    expect(await page.locator('[data-unknown-widget="sparkline"]').count()).toBe(1);
  });

  it('shows moderation feedback and the pushes sent with their counts', async () => {
    const moderator = await t.login('mod@uni.example', { moderator: true });
    const approve = await t.request({
      method: 'POST',
      url: '/api/v1/moderation/apps/acme/lunch-menu/approve',
      headers: moderator.auth,
      payload: {},
    });
    expect(approve.statusCode).toBe(200);
    const user = await t.login('eater@uni.example');
    await t.request({
      method: 'PUT',
      url: '/api/v1/me/apps/acme/lunch-menu/consent',
      headers: user.auth,
      payload: { scopes: ['notifications'] },
    });
    const push = await fetch(`${t.baseUrl}/functions/v1/miniapp-notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        organizationId: 'acme',
        slug: 'lunch-menu',
        title: 'Soup is ready',
        body: 'Come by',
      }),
    });
    expect(push.status).toBe(200);

    await page.reload();
    await badge('Published');
    await openTab('Notifications');
    const row = page.getByRole('row', { name: /Soup is ready/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Lunch menu: Soup is ready');
    // One user granted notifications (the audience); none has a device, so nobody was reached.
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('1');
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('0');
    expect(await page.getByTestId('notification-totals').textContent()).toMatch(/^1\s*push(?!es)/);

    await openTab('Activity');
    await page.getByRole('table', { name: 'Audit log' }).getByRole('cell', { name: 'approve' }).waitFor();
  });

  it('generates, rotates (showing the 24 h overlap) and disables the signing secret of a remote app', async () => {
    await page.goto(`${t.baseUrl}/console/orgs/acme/create`);
    await page.getByLabel('Remote').check();
    await page.getByLabel('Name', { exact: true }).fill('Timetable');
    await page.getByLabel('Origin').fill('https://timetable.example.org');
    await page.getByLabel('Start path').fill('/week');
    await page.getByRole('checkbox', { name: /Identity/ }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: /Timetable/ }).waitFor();
    await badge('In review');

    await openTab('Signing secret');
    await page.getByRole('button', { name: 'Generate secret' }).click();
    const first = (await page.getByTestId('new-secret').textContent()) ?? '';
    expect(first.length).toBeGreaterThanOrEqual(32);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByTestId('rotation-window').waitFor();
    const second = (await page.getByTestId('new-secret').textContent()) ?? '';
    expect(second).not.toBe(first);
    const windowText = (await page.getByTestId('rotation-window').textContent()) ?? '';
    const until = new Date(/until (.+)\. Switch/.exec(windowText)![1]!).getTime();
    expect(Math.abs(until - (Date.now() + 24 * 3600 * 1000))).toBeLessThan(5 * 60 * 1000);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Disable signing' }).click();
    await page.getByTestId('signing-state').filter({ hasText: 'Signing is off' }).waitFor();
  });

  it('revokes the token, after which it no longer deploys', async () => {
    await page.goto(`${t.baseUrl}/console/tokens`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('row', { name: /CI/ }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No tokens.').waitFor();
    const refused = await deploy('Soup');
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toBe('invalid_token');
  });
});
