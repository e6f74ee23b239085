// A developer in the studio in Chromium compares the editor with the live version (none yet: all added; then the
// edit typed, unsaved, against it; "No changes" once equal), and loads an old revision into the editor: asked first
// over unsaved edits (Cancel keeps them), then the editor and the preview hold it, nothing saved until a save makes
// it a new revision (its datasets and strings too) on top of the head, even when someone deployed meanwhile.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { axeViolations } from './helpers/axe.js';
import { launchBrowser, newContext, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { plain } from './helpers/page-language.js';
import { editorText, replaceEditorText } from './helpers/studio-editor.js';
import { createTimetableApp, screenWith, type TimetableApp } from './helpers/timetable-app.js';

const day = (name: string) => JSON.stringify(screenWith({ type: 'text', text: name }), null, 2);
const STUDIO = '/console/orgs/campus/apps/timetable/studio';

describe.each(dialects)('studio history in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let owner: SignedIn;
  let moderator: SignedIn;
  let call: TimetableApp['call'];
  let deployed: TimetableApp['deploy'];
  let page: Page;
  /** Each version brings its own dataset and strings, so a save shows whose it carries. */
  const deploy = (name: string, submit = false) =>
    deployed(name, {
      submit,
      data: { rooms: [`${name} room`] },
      strings: { en: { greeting: `Good ${name}` } },
    });

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    owner = await t.login('history-owner@uni.example');
    moderator = await t.login('history-mod@uni.example', { moderator: true });
    ({ call, deploy: deployed } = await createTimetableApp(t, owner));
    expect((await deploy('Monday', true)).version).toBe(1);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const diff = () => page.getByTestId('screens-diff');
  const diffLines = (kind: 'added' | 'removed') => diff().locator(`.diff .${kind}`).allTextContents();
  const preview = () => page.getByTestId('studio-preview');
  const loadButton = (version: number) =>
    page.getByRole('button', { name: `Load into editor (revision ${version})` });

  it('says the app has no live version yet and shows its screen as added', async () => {
    page = await pageAs(browser, t.baseUrl, owner, STUDIO);
    await page.getByRole('textbox', { name: 'JSON of the screen /' }).waitFor();
    await page.getByText('Changes since the live version', { exact: true }).click();
    await page.getByText('The app has no live version yet: every screen shows as added.').waitFor();
    expect(await diff().locator('summary').allTextContents()).toEqual(['/ added']);
  });

  it('shows the edit in the editor, unsaved, against the live version, and "No changes" once equal', async () => {
    await call('POST', '/api/v1/moderation/apps/campus/timetable/approve', {}, moderator.auth);
    expect((await deploy('Tuesday')).version).toBe(2);
    await page.goto(`${t.baseUrl}${STUDIO}`);
    await preview().getByText('Tuesday').waitFor();
    // Opened from the keyboard.
    await page.getByText('Changes since the live version', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText('The editor as it is now, unsaved edits included, against live version 1.', { exact: true })
      .waitFor();
    await expect.poll(() => diff().locator('summary').allTextContents()).toEqual(['/ changed']);
    expect(await diffLines('removed')).toEqual([expect.stringContaining('"text": "Monday"')]);
    expect(await diffLines('added')).toEqual([expect.stringContaining('"text": "Tuesday"')]);

    await replaceEditorText(page, day('Wednesday'));
    await expect.poll(() => diffLines('added')).toEqual([expect.stringContaining('"text": "Wednesday"')]);
    await replaceEditorText(page, day('Monday'));
    await diff().getByText('No changes: the editor holds what is live.').waitFor();
    expect(await diff().locator('summary').count()).toBe(0);
  });

  it('asks before loading a revision over unsaved edits, and Cancel keeps them', async () => {
    await replaceEditorText(page, day('Wednesday'));
    await page.getByText('Revisions', { exact: true }).click();
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await loadButton(1).click();
    expect(await asked).toBe(
      'The editor has unsaved edits. Load revision 1 in their place? The edits will be lost.',
    );
    expect(await editorText(page)).toBe(day('Wednesday'));
    await preview().getByText('Wednesday').waitFor();
    expect(await page.getByText('Loaded revision 1', { exact: false }).count()).toBe(0);
  });

  it('loads revision 1 into the editor and the preview unsaved; a save makes it a new revision on the head', async () => {
    // Someone deploys from elsewhere: the editor opened on version 2, the head is now 3.
    expect((await deploy('Thursday')).version).toBe(3);
    page.once('dialog', (dialog) => void dialog.accept());
    await loadButton(1).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText('Loaded revision 1 — save to keep it.', { exact: true })
      .waitFor();
    await expect.poll(() => editorText(page)).toBe(day('Monday'));
    await preview().getByText('Monday').waitFor();
    expect((await call('GET', '/api/v1/orgs/campus/apps/timetable')).app.version).toBe(3);

    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('status').getByText('Saved as version 4 (draft).').waitFor();
    const [first, saved] = await Promise.all(
      [1, 4].map((v) => call('GET', `/api/v1/orgs/campus/apps/timetable/revisions/${v}`)),
    );
    expect(saved.revision.screens).toEqual(first.revision.screens);
    // Its datasets and strings came along, not those of the version the editor opened on.
    expect(saved.revision).toMatchObject({
      data: { rooms: ['Monday room'] },
      strings: { en: { greeting: 'Good Monday' } },
    });
    // The list is read again: the new revision is there, the head.
    await page.locator('tr[data-version="4"]').getByText('head').waitFor();
  });

  it('speaks Russian, opens by keyboard, and passes axe with both parts open', async () => {
    // axe is injected as an inline script, which the page's policy refuses.
    const context = await newContext(browser, { locale: 'ru-RU', who: owner, bypassCSP: true });
    const ru = await context.newPage();
    await ru.goto(`${t.baseUrl}${STUDIO}`);
    await ru.getByRole('heading', { name: plain('studio.history', 'ru'), level: 2 }).waitFor();
    for (const key of ['studio.changes.title', 'studio.revisions.title'] as const) {
      await ru.getByText(plain(key, 'ru'), { exact: true }).focus();
      await ru.keyboard.press('Enter');
    }
    await ru.getByText(plain('studio.changes.none', 'ru'), { exact: true }).waitFor();
    await ru
      .getByRole('button', {
        name: `${plain('studio.revisions.load', 'ru')} ${plain('studio.revisions.which', 'ru', { version: 1 })}`,
      })
      .waitFor();
    expect(await axeViolations(ru)).toEqual([]);
    await context.close();
  });
});
