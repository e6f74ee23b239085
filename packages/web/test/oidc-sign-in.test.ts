// A student-moderator signs in through the university's OpenID Provider in Chromium, lands in the console, signs out.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/helpers/cookie-browser.js';
import {
  moderatorStudent,
  platformClient,
  relyingPartyEnv,
  startTestIdp,
  type TestIdp,
} from '../../server/test/helpers/oidc-provider.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { ensureClientBuilt } from '../scripts/ensure-built.js';
import { launchBrowser, newContext } from './helpers/browser.js';

describe('signing in with the university account in the browser', () => {
  let idp: TestIdp;
  let t: TestPlatform;
  let base: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await ensureClientBuilt();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    idp = await startTestIdp({
      users: [moderatorStudent()],
      clients: [platformClient(base)],
    });
    t = await startTestPlatform('sqlite', {
      ...relyingPartyEnv(idp, base),
      DEV_LOGIN: 'false',
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await idp?.close();
  });

  it("signs in through the IdP's login form and lands in the console with the name and role from the claims", async () => {
    await page.goto(`${base}/console`);
    // No dev login and no token box: the university's sign-in only.
    await page.getByRole('link', { name: 'Sign in with Uni ID' }).click();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill('ivanova');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.waitForURL(`${base}/console`);
    await page.locator('.nav-user', { hasText: 'Анна Иванова' }).waitFor();
    await page.locator('.nav-user .badge', { hasText: 'moderator' }).waitFor();
    await page.getByRole('link', { name: 'Moderation' }).waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('keeps no token in the page: not in its storage, not in a cookie a script can read', async () => {
    const kept = await page.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookies: document.cookie,
    }));
    expect(kept.local).not.toMatch(/eyJ|miniapps\.token/);
    expect(kept.session).not.toMatch(/eyJ/);
    expect(kept.cookies).toBe('');
    const cookies = await page.context().cookies(base);
    const session = cookies.find((c) => c.name === 'miniapps_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('writes through the cookie session (the CSRF token goes along)', async () => {
    await page.goto(`${base}/console`);
    await page.getByLabel('Id').fill('physics');
    await page.getByLabel('Name', { exact: true }).fill('Physics faculty');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Physics faculty' }).waitFor();
  });

  it('signs out: the session ends here and at the IdP, and the old cookie opens nothing', async () => {
    const before = (await page.context().cookies(base)).find((c) => c.name === 'miniapps_session')!.value;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${idp.issuer}/session/end`));
    // oidc-provider asks to confirm the sign-out there, then sends the browser back.
    await page.getByRole('button', { name: /yes/i }).click();
    await page.waitForURL(`${base}/`);
    await page.getByRole('link', { name: 'Sign in with Uni ID' }).waitFor();
    const replay = await fetch(`${base}/api/v1/me`, { headers: { cookie: `miniapps_session=${before}` } });
    expect(replay.status).toBe(401);
  });

  it('says the session has ended when it ends under an open page, and offers to sign in again', async () => {
    await page.goto(`${base}/console`);
    await page.getByRole('link', { name: 'Sign in with Uni ID' }).click();
    await page.locator('input[name="login"]').fill('ivanova');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.waitForURL(`${base}/console`);
    await page.locator('.nav-user', { hasText: 'Анна Иванова' }).waitFor();
    // Ended on the server (idle, too old, or refused by the IdP): the next call is a 401.
    await t.platform.db.deleteFrom('webSessions').execute();
    await page.getByRole('link', { name: 'Catalog' }).click();
    await page.getByRole('status').filter({ hasText: 'Your session has ended' }).waitFor();
    await page.getByRole('link', { name: 'Sign in with Uni ID' }).waitFor();
  });
});
