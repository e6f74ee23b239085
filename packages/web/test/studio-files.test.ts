// A developer edits a hosted app's data files and strings in the studio's tabs in Chromium and saves them; unsaved
// edits survive a reload (and are restored only for the user who typed them), "Load the latest version" asks before
// dropping them, a data file that is not JSON stops the save naming it, and a browser that keeps nothing says so.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { addMember } from '../../server/test/helpers/members.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, newContext, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const STUDIO = '/console/orgs/lab/apps/menu/studio';
const screenSaying = (text: string) => ({
  type: 'screen',
  title: 'Menu',
  children: [{ type: 'text', text }],
});
const json = (value: unknown) => JSON.stringify(value, null, 2);

describe.each(dialects)('studio files and kept drafts in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let owner: SignedIn;
  let colleague: SignedIn;
  let token: string;
  let page: Page;

  const call = async (method: 'POST' | 'GET', url: string, payload?: object, headers = owner.auth) => {
    const res = await t.request({ method, url, headers, ...(payload && { payload }) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const revision = async (version: number) =>
    (await call('GET', `/api/v1/orgs/lab/apps/menu/revisions/${version}`)).revision;
  const headVersion = async () => (await call('GET', '/api/v1/orgs/lab/apps/menu')).app.version;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    owner = await t.login('files-owner@uni.example');
    colleague = await t.login('files-colleague@uni.example');
    await call('POST', '/api/v1/orgs', { id: 'lab', name: 'Lab' });
    await addMember(t, owner, 'lab', colleague);
    await call('POST', '/api/v1/orgs/lab/apps', { slug: 'menu', name: 'Menu', sourceKind: 'hosted' });
    ({ token } = await call('POST', '/api/v1/tokens', { name: 'ci' }));
    await call(
      'POST',
      '/functions/v1/miniapp-deploy',
      {
        organizationId: 'lab',
        slug: 'menu',
        screens: [{ path: '/', json: screenSaying('Soup') }],
        data: { people: [{ name: 'Grace' }] },
        strings: { en: { hello: 'Hello' } },
      },
      { authorization: `Bearer ${token}` },
    );
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const editor = (name: string) => page.getByRole('textbox', { name });
  /** Replaces the whole text of an editor by a paste (see screen-studio.test.ts for why not insertText). */
  const replaceText = async (name: string, value: string) => {
    await editor(name).click();
    await page.keyboard.press('Control+A');
    await editor(name).evaluate((content, pasted) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', pasted);
      content.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, value);
  };
  const screenEditor = 'JSON of the screen /';
  const screenHolds = (word: string) => expect.poll(() => editor(screenEditor).textContent()).toContain(word);
  const restoredNote = () => page.getByText('Restored your unsaved changes from', { exact: false });
  /** Reloads as `who` (the dev login's token is where the client keeps it), leaving with unsaved edits allowed. */
  const reloadAs = async (who: SignedIn) => {
    const leave = (dialog: { accept(): Promise<void> }) => void dialog.accept();
    page.on('dialog', leave);
    await page.evaluate((value) => localStorage.setItem('miniapps.token', value), who.token);
    await page.reload();
    page.off('dialog', leave);
    await editor(screenEditor).waitFor();
  };
  const tab = (name: string) => page.getByRole('tab', { name });

  it('edits a data file and the strings in their tabs, moved between by the arrow keys, and saves them', async () => {
    page = await pageAs(browser, t.baseUrl, owner, STUDIO);
    await editor(screenEditor).waitFor();
    expect(
      await page.getByRole('tablist', { name: 'Files of the app' }).getByRole('tab').allTextContents(),
    ).toEqual(['Screens', 'Data: people', 'Strings']);
    expect(await tab('Screens').getAttribute('aria-selected')).toBe('true');
    await tab('Screens').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tab('Data: people').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Data: people');
    expect(await page.getByRole('tabpanel', { name: 'Data: people' }).isVisible()).toBe(true);
    await expect.poll(() => editor('JSON of the data file people').textContent()).toContain('Grace');
    await replaceText('JSON of the data file people', '[{"name": "Ada"}]');

    // A new data file: its name checked as the deploy checks it, then renamed; another added and deleted.
    const newName = page.getByLabel('Name of a new data file');
    await newName.fill('Rooms!');
    await page.getByRole('button', { name: 'Add data file' }).click();
    await page.getByRole('alert').getByText('“Rooms!” is not a data file name', { exact: false }).waitFor();
    await newName.fill('rooms');
    await page.getByRole('button', { name: 'Add data file' }).click();
    expect(await tab('Data: rooms').getAttribute('aria-selected')).toBe('true');
    await replaceText('JSON of the data file rooms', '{"first": "A1"}');
    await page.getByLabel('Name of the data file').fill('places');
    await tab('Data: places').waitFor();
    await newName.fill('scratch');
    await page.getByRole('button', { name: 'Add data file' }).click();
    await page.getByRole('button', { name: 'Delete this data file' }).click();
    expect(await tab('Data: scratch').count()).toBe(0);

    // The strings: a key the deploy refuses is found at its line, in words, before any save.
    await tab('Data: places').focus();
    await page.keyboard.press('End');
    expect(await tab('Strings').getAttribute('aria-selected')).toBe('true');
    await replaceText('JSON of the strings', '{"en": {"1bad": "x"}}');
    const findings = page.getByTestId('studio-findings').getByRole('listitem');
    await expect
      .poll(() => findings.allTextContents())
      .toEqual(['Line 1: error: “1bad” is not a key: a letter, then up to 63 letters, digits or _']);
    await replaceText('JSON of the strings', '{"en": {"hello": "Hi"}, "ru": {"hello": "Привет"}}');
    await page.getByText('No findings: the platform accepts this file as it is.').waitFor();

    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('status').getByText('Saved as version 2 (draft).').waitFor();
    const saved = await revision(2);
    expect(saved.data).toEqual({ people: [{ name: 'Ada' }], places: { first: 'A1' } });
    expect(saved.strings).toEqual({ en: { hello: 'Hi' }, ru: { hello: 'Привет' } });
    expect(saved.screens).toEqual([{ path: '/', json: screenSaying('Soup') }]);
  });

  it('refuses to save a data file that is not JSON, naming it, and saves nothing', async () => {
    await tab('Data: people').click();
    await replaceText('JSON of the data file people', '[{"name": ');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page
      .getByRole('alert')
      .getByText('The data file people is not valid JSON yet: fix it before saving.')
      .waitFor();
    expect(await headVersion()).toBe(2);
    await replaceText('JSON of the data file people', '[{"name": "Ada"}]');
    await tab('Screens').click();
  });

  it('brings a screen edit back after a reload, says so, and saves it', async () => {
    await replaceText(screenEditor, json(screenSaying('Stew')));
    await reloadAs(owner);
    await restoredNote().waitFor();
    await screenHolds('Stew');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('status').getByText('Saved as version 3 (draft).').waitFor();
    expect((await revision(3)).screens).toEqual([{ path: '/', json: screenSaying('Stew') }]);
    expect(await restoredNote().count()).toBe(0);
    // Saved: nothing is kept any more.
    await reloadAs(owner);
    await screenHolds('Stew');
    expect(await restoredNote().count()).toBe(0);
  });

  it('keeps one user’s draft from another who signs in on the same browser', async () => {
    await replaceText(screenEditor, json(screenSaying('Pie')));
    await reloadAs(colleague);
    await screenHolds('Stew');
    expect(await restoredNote().count()).toBe(0);
    expect(await editor(screenEditor).textContent()).not.toContain('Pie');
    // The owner's draft is still there for the owner.
    await reloadAs(owner);
    await restoredNote().waitFor();
    await screenHolds('Pie');
  });

  it('asks before "Load the latest version" drops unsaved edits: Cancel keeps them, confirming drops them', async () => {
    await page.getByRole('button', { name: 'Load the latest version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard your unsaved changes?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel, keep my changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await screenHolds('Pie');
    await page.getByRole('button', { name: 'Load the latest version' }).click();
    await dialog.getByRole('button', { name: 'Discard and load the latest version' }).click();
    await screenHolds('Stew');
    expect(await restoredNote().count()).toBe(0);
    await reloadAs(owner);
    await screenHolds('Stew');
    expect(await restoredNote().count()).toBe(0);
  });

  it('says a kept draft was made to a replaced version, and its save is refused until the latest is loaded', async () => {
    await replaceText(screenEditor, json(screenSaying('Tart')));
    await call(
      'POST',
      '/functions/v1/miniapp-deploy',
      { organizationId: 'lab', slug: 'menu', screens: [{ path: '/', json: screenSaying('Cake') }] },
      { authorization: `Bearer ${token}` },
    );
    await reloadAs(owner);
    await restoredNote().waitFor();
    await page
      .getByText('They were made to version 3, and version 4 has been saved since', { exact: false })
      .waitFor();
    await screenHolds('Tart');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('alert').getByText('nothing was saved', { exact: false }).waitFor();
    expect(await headVersion()).toBe(4);
    await page.getByRole('button', { name: 'Discard' }).click();
    await screenHolds('Cake');
    expect(await restoredNote().count()).toBe(0);
  });

  it('says the edits are not kept when the browser refuses to store them, and still saves', async () => {
    const context = await newContext(browser, { who: owner });
    await context.addInitScript({
      content: `Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };`,
    });
    const full = await context.newPage();
    await full.goto(t.baseUrl + STUDIO);
    page = full;
    await editor(screenEditor).waitFor();
    await replaceText(screenEditor, json(screenSaying('Bread')));
    await page.getByText('Your changes are not kept in this browser', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('status').getByText('Saved as version 5 (draft).').waitFor();
    await context.close();
  });
});
