// A developer inserts widgets and actions from the studio's palette with the keyboard alone: the palette lists the
// registry, a search narrows it, Enter puts the node with its required fields between the children at the cursor,
// its first field selected to type, Tab to the next (its actions, filled from the palette too), and the preview
// draws it with no field reported missing.
import { actions, type NodeSpec, widgets } from '@miniapps/schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { launchBrowser, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const start = { type: 'screen', title: 'Timetable', children: [{ type: 'text', text: 'Monday' }] };
const required = (spec: NodeSpec) =>
  Object.entries(spec.fields)
    .filter(([, field]) => field.required)
    .map(([name]) => name);
/** An action of the registry whose required fields are all free text (any value of them is valid). */
const [actionType, action] = Object.entries(actions as Record<string, NodeSpec>).find(
  ([, spec]) =>
    required(spec).length > 0 &&
    Object.values(spec.fields).every((field) => !field.required || field.kind === 'string'),
)!;

describe.each(dialects)('the studio palette on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let owner: SignedIn;
  let page: Page;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    owner = await t.login('palette-owner@uni.example');
    const call = async (url: string, payload: object, headers = owner.auth) => {
      const res = await t.request({ method: 'POST', url, headers, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await call('/api/v1/orgs', { id: 'campus', name: 'Campus' });
    await call('/api/v1/orgs/campus/apps', { slug: 'timetable', name: 'Timetable', sourceKind: 'hosted' });
    const { token } = await call('/api/v1/tokens', { name: 'ci' });
    await call(
      '/functions/v1/miniapp-deploy',
      { organizationId: 'campus', slug: 'timetable', screens: [{ path: '/', json: start }] },
      { authorization: `Bearer ${token}` },
    );
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const editor = () => page.getByRole('textbox', { name: 'JSON of the screen /' });
  /** The editor's whole text, line by line as drawn (a short document is drawn whole). */
  const editorText = async () => (await page.locator('.cm-line').allTextContents()).join('\n');
  const search = () => page.getByRole('combobox', { name: 'Search widgets and actions' });
  const optionNames = () => page.getByRole('option').locator('code').allTextContents();
  const findings = () => page.getByRole('region', { name: 'Findings' });

  it('lists every widget and action of the registry, grouped, and narrows them to a search', async () => {
    page = await pageAs(browser, t.baseUrl, owner, '/console/orgs/campus/apps/timetable/studio');
    await page.getByTestId('studio-preview').getByText('Monday').waitFor();
    await editor().focus();
    await page.keyboard.press('Control+Shift+Space');
    await expect.poll(() => search().evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await optionNames()).toEqual([...Object.keys(widgets), ...Object.keys(actions)]);
    const groups = page.getByRole('listbox').getByRole('group');
    expect(await groups.count()).toBe(2);
    await groups.getByRole('option', { name: /^button / }).waitFor();
    expect(await groups.nth(1).getByRole('option').count()).toBe(Object.keys(actions).length);
    await page.keyboard.type('button');
    await expect.poll(() => optionNames()).toContain('button');
    expect((await optionNames()).length).toBeLessThan(Object.keys(widgets).length);
    // Escape closes it and gives the editor back the keys.
    await page.keyboard.press('Escape');
    await expect.poll(() => search().count()).toBe(0);
    await expect
      .poll(() => editor().evaluate((content) => content.contains(document.activeElement)))
      .toBe(true);
  });

  it('inserts a button between the children with its required fields, none reported missing', async () => {
    // The cursor after the only child: the end of the line closing it.
    const lines = `${JSON.stringify(start, null, 2)}`.split('\n');
    const closing = lines.indexOf('    }');
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < closing; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Shift+Space');
    await search().waitFor();
    await page.keyboard.type('button');
    await expect
      .poll(() => page.getByRole('option', { selected: true }).locator('code').textContent())
      .toBe('button');
    await page.keyboard.press('Enter');
    await expect.poll(async () => JSON.parse(await editorText()).children[1]?.type).toBe('button');
    const button = JSON.parse(await editorText()).children[1];
    expect(Object.keys(button)).toEqual(['type', ...required(widgets.button)]);
    // The first required field is selected: what is typed fills it.
    const [firstField] = required(widgets.button);
    await page.keyboard.type('Book a room');
    await expect
      .poll(async () => JSON.parse(await editorText()).children[1][firstField!])
      .toBe('Book a room');
    // The preview redraws after the findings do: once it shows the button (as a note until it has an action, which
    // the renderer requires), the findings are those of this text: nothing missing, the empty actions warned of.
    await page.getByTestId('studio-preview').getByText('lacks a valid “onTap”').waitFor();
    const onTapLine = (await editorText()).split('\n').findIndex((line) => line.includes('"onTap"')) + 1;
    await expect
      .poll(() => findings().getByRole('listitem').allTextContents())
      .toEqual([
        `Line ${onTapLine}: warning: "onTap" is an empty list: the widget is drawn only with at least one action`,
      ]);
  });

  it(`inserts the action ${actionType} into the button's actions, Tab having moved there`, async () => {
    // Tab moves to the snippet's next field: the button's (empty) list of actions.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+Shift+Space');
    await search().waitFor();
    await page.keyboard.type(actionType);
    await expect
      .poll(() => page.getByRole('option', { selected: true }).locator('code').textContent())
      .toBe(actionType);
    await page.keyboard.press('Enter');
    const tapped = async () => JSON.parse(await editorText()).children[1].onTap;
    await expect.poll(async () => (await tapped())?.[0]?.actionType).toBe(actionType);
    // Polled: the lines are read from the page, which draws the insert's lines in more than one step.
    await expect
      .poll(async () => Object.keys((await tapped())[0]))
      .toEqual(['actionType', ...required(action)]);
    await expect.poll(() => findings().textContent()).toContain('No findings');
    // The button has its actions now: the preview draws it (an empty required list of actions it would not).
    await page.getByTestId('studio-preview').getByRole('button', { name: 'Book a room' }).waitFor();
  });
});
