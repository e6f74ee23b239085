// The person at the identity provider, in Chromium: enters the device code or follows the redirect, signs in
// through the provider's login form and consents.
import type { Browser, Page } from 'playwright-core';

/** Signs in on the provider's login form and consents; the page then goes where the provider sends it. */
async function signInAndConsent(page: Page, login: string): Promise<void> {
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await Promise.all([page.waitForURL(/\/interaction\//), page.locator('button[type=submit]').click()]);
  await page.locator('button[type=submit]', { hasText: 'Continue' }).click();
}

/**
 * Opens the device flow's address (with the code filled in), confirms the code (or aborts), signs in and
 * consents; answers the text of the page the provider ends on.
 */
export async function confirmDeviceCode(
  browser: Browser,
  address: string,
  login: string,
  choice: 'confirm' | 'abort' = 'confirm',
): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(address);
    if (choice === 'abort') {
      await page.locator('button[name=abort]').click();
    } else {
      await Promise.all([page.waitForURL(/\/interaction\//), page.locator('button[autofocus]').click()]);
      await signInAndConsent(page, login);
    }
    await page.waitForLoadState('load');
    await page.waitForURL((url) => !url.pathname.startsWith('/interaction/'));
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not the page's <style>
    return (await page.locator('body').innerText()).trim();
  } finally {
    await context.close();
  }
}

/** Follows the CLI's authorization address, signs in and consents; answers the text of the CLI's own page. */
export async function signInThroughRedirect(
  browser: Browser,
  address: string,
  login: string,
): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(address);
    await signInAndConsent(page, login);
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback/);
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not the page's <style>
    return (await page.locator('body').innerText()).trim();
  } finally {
    await context.close();
  }
}
