// A developer edits a hosted app's screen in the console's studio in Chromium: an unknown widget is found at its
// line with "did you mean", completion offers the registry's widget types, the preview redraws, the save makes a
// draft revision with the typed screen, a save based on a version someone else replaced since is refused, the
// latest version loads and an edit of it is submitted for review, and leaving with unsaved changes asks
// first (the console's links, Back, and unloading the page).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';
import { replaceEditorText } from './helpers/studio-editor.js';
import { createTimetableApp, screenWith, type TimetableApp } from './helpers/timetable-app.js';

const text = (json: object) => JSON.stringify(json, null, 2);

describe.each(dialects)('screen studio in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let owner: SignedIn;
  let call: TimetableApp['call'];
  let deploy: TimetableApp['deploy'];
  let page: Page;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    owner = await t.login('studio-owner@uni.example');
    ({ call, deploy } = await createTimetableApp(t, owner));
    await deploy('Monday');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const replaceText = (value: string) => replaceEditorText(page, value);
  const preview = () => page.getByTestId('studio-preview');

  it('opens from the app’s console page with the head version in the editor and the preview', async () => {
    page = await pageAs(browser, t.baseUrl, owner, '/console/orgs/campus/apps/timetable');
    await page.getByRole('link', { name: 'Screen studio' }).click();
    await page.getByRole('heading', { name: 'Screen studio', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'JSON of the screen /' }).waitFor();
    await preview().getByText('Monday').waitFor();
    await page.getByText('No findings: every widget and action is known.').waitFor();
  });

  it('lists the screens as a tree of their paths, added, renamed and deleted', async () => {
    const tree = page.getByRole('list', { name: 'Screens by path' });
    const addScreen = async (path: string) => {
      await page.getByLabel('Path of a new screen').fill(path);
      await page.getByRole('button', { name: 'Add screen' }).click();
      await page.getByRole('textbox', { name: `JSON of the screen ${path}` }).waitFor();
    };
    await addScreen('/courses/physics');
    await addScreen('/courses/math');
    // The folder holds its screens by name, one step in; each button is named by its whole path.
    const folder = tree.getByRole('listitem').filter({ hasText: 'courses/' });
    expect(
      await folder.getByRole('button').evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))),
    ).toEqual(['/courses/math', '/courses/physics']);
    expect(await folder.getByRole('button').allTextContents()).toEqual(['math', 'physics']);
    // Renamed out of the folder: the tree follows as it is typed.
    await page.getByLabel('Path', { exact: true }).fill('/about');
    await tree.getByRole('button', { name: '/about' }).waitFor();
    expect(await folder.getByRole('button').count()).toBe(1);
    for (const path of ['/about', '/courses/physics']) {
      await tree.getByRole('button', { name: path }).click();
      await page.getByRole('button', { name: 'Delete this screen' }).click();
    }
    await expect
      .poll(() => tree.getByRole('button').evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))))
      .toEqual(['/']);
    await tree.getByRole('button', { name: '/' }).click();
    await page.getByRole('textbox', { name: 'JSON of the screen /' }).waitFor();
  });

  it('finds an unknown widget at its line with "did you mean", and keeps the last good preview while broken', async () => {
    const typed = text(screenWith({ type: 'txet', text: 'Tuesday' }));
    await replaceText(typed);
    const line = typed.split('\n').findIndex((l) => l.includes('"txet"')) + 1;
    const finding = page.getByTestId('studio-findings').getByRole('listitem');
    await expect
      .poll(() => finding.allTextContents())
      .toEqual([`Line ${line}: unknown widget “txet”: the client skips it Did you mean “text”?`]);
    // Marked in the text itself, on the value the pointer names.
    expect(await page.locator('.cm-lintRange-warning').allTextContents()).toEqual(['"txet"']);
    // The preview drew it (the unknown widget left out); a broken text keeps that screen there.
    await expect.poll(() => preview().getByText('Monday').count()).toBe(0);
    await replaceText('{"type": "screen", "title": "Broken", "children": [');
    await expect.poll(() => finding.allTextContents()).toEqual([expect.stringMatching(/^Line 1: /)]);
    await page.waitForTimeout(600);
    await preview().getByRole('heading', { name: 'Timetable', level: 1 }).waitFor();
    expect(await preview().getByText('Broken').count()).toBe(0);
    await replaceText(typed);
  });

  it('offers the registry’s widget types, and the preview redraws with the chosen one', async () => {
    const typed = text(screenWith({ type: 'txet', text: 'Tuesday' }));
    // The cursor into the value of "type", its word removed: the completion lists every widget.
    await page.keyboard.press('Control+End');
    const after = typed.length - (typed.indexOf('"txet"') + 1);
    for (let i = 0; i < after; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Delete');
    await page.keyboard.press('Control+Space');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await expect.poll(() => options.count()).toBeGreaterThan(10);
    const labels = await page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['heading', 'textField', 'button', 'list', 'form']));
    await page.keyboard.type('headi');
    // Accepted once the list has narrowed to it; CodeMirror ignores Enter for 75 ms after the list changes
    // (interactionDelay), and the key would then be a new line.
    await expect
      .poll(() =>
        page.locator('.cm-tooltip-autocomplete li[aria-selected="true"] .cm-completionLabel').textContent(),
      )
      .toBe('heading');
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    await page.getByText('No findings: every widget and action is known.').waitFor();
    await preview().getByRole('heading', { name: 'Tuesday' }).waitFor();
  });

  it('saves the typed screen as a draft revision, and refuses a save based on a replaced version', async () => {
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('status').getByText('Saved as version 2 (draft).').waitFor();
    const { revision } = await call('GET', '/api/v1/orgs/campus/apps/timetable/revisions/2');
    expect(revision.screens).toEqual([{ path: '/', json: screenWith({ type: 'heading', text: 'Tuesday' }) }]);
    // Someone deploys from elsewhere; this page still edits version 2.
    expect((await deploy('Wednesday')).version).toBe(3);
    await replaceText(text(screenWith({ type: 'text', text: 'Thursday' })));
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page
      .getByRole('alert')
      .getByText('Version 3 was saved since you started from version 2: nothing was saved.', { exact: false })
      .waitFor();
    const { app } = await call('GET', '/api/v1/orgs/campus/apps/timetable');
    expect(app.version).toBe(3);
  });

  it('loads the latest version into the editor and submits an edit of it for review', async () => {
    // The refused edit is still unsaved: loading the latest version asks before dropping it.
    await page.getByRole('button', { name: 'Load the latest version' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your unsaved changes?' })
      .getByRole('button', { name: 'Discard and load the latest version' })
      .click();
    await preview().getByText('Wednesday').waitFor();
    await replaceText(text(screenWith({ type: 'text', text: 'Friday' })));
    await page.getByRole('button', { name: 'Save and submit for review' }).click();
    await page.getByRole('status').getByText('Saved as version 4 and submitted for review.').waitFor();
    const { app } = await call('GET', '/api/v1/orgs/campus/apps/timetable');
    expect(app).toMatchObject({ version: 4, status: 'pending_review' });
    // An edit not saved: leaving the page asks first, by the console's own links and Back as well as by unloading.
    await replaceText(text(screenWith({ type: 'text', text: 'Saturday' })));
    const answerNext = (accept: boolean) =>
      new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.message());
          void (accept ? dialog.accept() : dialog.dismiss());
        }),
      );
    const studioUrl = page.url();
    let asking = answerNext(false);
    await page.locator('.crumbs').getByRole('link', { name: 'timetable' }).click();
    expect(await asking).toMatch(/^You have unsaved changes/);
    expect(page.url()).toBe(studioUrl);
    await preview().getByText('Saturday').waitFor();
    asking = answerNext(false);
    await page.goBack();
    expect(await asking).toMatch(/^You have unsaved changes/);
    await expect.poll(() => page.url()).toBe(studioUrl);
    await preview().getByText('Saturday').waitFor();
    // Agreeing leaves for the app's page; Forward and the studio's kept draft bring the edit back.
    asking = answerNext(true);
    await page.locator('.crumbs').getByRole('link', { name: 'timetable' }).click();
    await asking;
    await page.getByRole('link', { name: 'Screen studio' }).waitFor();
    await page.getByRole('link', { name: 'Screen studio' }).click();
    await preview().getByText('Saturday').waitFor();
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });
});
