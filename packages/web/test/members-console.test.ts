// Membership in the browser: an owner invites by e-mail, the invitee signs in and accepts, the owner changes their
// role and removes them, and revokes an invitation nobody answered.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, newContext, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

describe.each(dialects)('members and invitations in the console on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let owner: SignedIn;
  let page: Page;
  let guest: Page;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    owner = await t.login('olga@uni.example', { fullName: 'Olga Owner' });
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: owner.auth,
      payload: { id: 'guild', name: 'Guild of Makers' },
    });
    page = await pageAs(browser, t.baseUrl, owner, '/console/orgs/guild');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const row = (p: Page, table: string, email: string) =>
    p.getByRole('table', { name: table }).getByRole('row').filter({ hasText: email });
  /** Clicks a button that asks for confirmation, and confirms. */
  const confirmClick = async (p: Page, button: ReturnType<Page['getByRole']>) => {
    const asked = new Promise<string>((resolve) =>
      p.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await button.click();
    return asked;
  };

  it('the owner invites by e-mail and is told the invitation was recorded, account or not', async () => {
    for (const email of ['sam@uni.example', 'nobody@uni.example']) {
      await page.getByLabel('E-mail to invite').fill(email);
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `An invitation for ${email} was recorded.` })
        .waitFor();
      await row(page, 'Pending invitations', email).waitFor();
    }
    // Nobody joined yet.
    expect(await page.getByRole('table', { name: 'Members' }).getByRole('row').count()).toBe(2);
  });

  it('the invitee signs in, sees the invitation on the console home and accepts it', async () => {
    guest = await (await newContext(browser)).newPage();
    await guest.goto(`${t.baseUrl}/console`);
    await guest.getByLabel('E-mail', { exact: true }).fill('sam@uni.example');
    await guest.getByRole('button', { name: 'Sign in', exact: true }).click();
    const invitation = guest
      .getByRole('listitem')
      .filter({ hasText: 'Guild of Makers invites you as a member.' });
    await invitation.waitFor();
    await invitation.getByText('From olga@uni.example').waitFor();
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await guest.getByRole('link', { name: 'Guild of Makers' }).waitFor();
    expect(await guest.getByRole('heading', { name: 'Invitations' }).count()).toBe(0);
  });

  it('the owner sees the new member, makes them an owner after confirming, then removes them', async () => {
    await page.reload();
    const sam = row(page, 'Members', 'sam@uni.example');
    await sam.getByRole('cell', { name: 'member', exact: true }).waitFor();
    expect(await row(page, 'Pending invitations', 'sam@uni.example').count()).toBe(0);

    const question = await confirmClick(page, sam.getByRole('button', { name: 'Make owner' }));
    expect(question).toContain('Make sam@uni.example an owner?');
    await sam.getByRole('cell', { name: 'owner', exact: true }).waitFor();

    expect(await confirmClick(page, sam.getByRole('button', { name: 'Remove' }))).toContain(
      'Remove sam@uni.example from the organization?',
    );
    await sam.waitFor({ state: 'detached' });
    await guest.goto(`${t.baseUrl}/console/orgs/guild`);
    await guest.getByText('No organization "guild" among yours.').waitFor();
  });

  it('the last owner may not leave: the console shows why', async () => {
    const olga = row(page, 'Members', 'olga@uni.example');
    await confirmClick(page, olga.getByRole('button', { name: 'Leave' }));
    await page.getByRole('alert').filter({ hasText: 'last owner' }).waitFor();
  });

  it('the owner revokes an invitation nobody answered', async () => {
    const pending = row(page, 'Pending invitations', 'nobody@uni.example');
    expect(await confirmClick(page, pending.getByRole('button', { name: 'Revoke' }))).toContain(
      'Revoke the invitation for nobody@uni.example?',
    );
    await page.getByText('No pending invitations.').waitFor();
  });
});
