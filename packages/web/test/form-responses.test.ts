// A student fills and submits a hosted form in Chromium; an owner reads the response in the console's table and
// chart, deletes one after a confirmation, and exports the form as CSV through the page by keyboard (a file with a
// BOM that parses back with its Cyrillic intact); a refused export shows the platform's error, one midway can be
// cancelled; the page reads in Russian; a stranger sees not found; 5,000 responses page by "Load more", filter by
// days in the browser's zone and export with their rows counted as they arrive.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/test/helpers/csv.js';
import { dialects } from '../../server/test/helpers/databases.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp, PROXY } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser, newContext, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const NAME = 'Петров, Иван «Ёж»';

const signupScreen = {
  type: 'screen',
  title: 'Запись на курс',
  children: [
    {
      type: 'form',
      id: 'signup',
      collect: { name: 'signup', capacity: 40 },
      children: [
        { type: 'textField', name: 'fullName', label: 'ФИО', required: true },
        {
          type: 'select',
          name: 'track',
          label: 'Направление',
          required: true,
          options: [
            { label: 'Робототехника', value: 'robotics' },
            { label: 'Дизайн', value: 'design' },
          ],
        },
        {
          type: 'button',
          label: 'Отправить',
          onTap: {
            actionType: 'submitForm',
            target: 'responses',
            onSuccess: { actionType: 'showToast', message: 'Спасибо, ${result.id}' },
          },
        },
      ],
    },
  ],
};

describe.each(dialects)('form responses in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let owner: SignedIn;
  let student: SignedIn;
  let owners: Page;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    owner = await t.login('owner@uni.example');
    student = await t.login('student@uni.example', { fullName: 'Иван Петров' });
    const moderator = await t.login('mod@uni.example', { moderator: true });
    const call = async (method: 'POST', url: string, payload: object, headers = owner.auth) => {
      const res = await t.request({ method, url, headers, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await call('POST', '/api/v1/orgs', { id: 'campus', name: 'Campus' });
    await call('POST', '/api/v1/orgs/campus/apps', { slug: 'signup', name: 'Signup', sourceKind: 'hosted' });
    const { token } = await call('POST', '/api/v1/tokens', { name: 'ci' });
    // Deployed as a developer would: the deploy validates `collect` and `target: "responses"` for a hosted app.
    await call(
      'POST',
      '/functions/v1/miniapp-deploy',
      {
        organizationId: 'campus',
        slug: 'signup',
        submit: true,
        screens: [{ path: '/', json: signupScreen }],
      },
      { authorization: `Bearer ${token}` },
    );
    await call('POST', '/api/v1/moderation/apps/campus/signup/approve', {}, moderator.auth);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('a student fills the hosted form and submits it', async () => {
    const page = await pageAs(browser, t.baseUrl, student, '/apps/campus/signup');
    await page.getByRole('heading', { name: 'Запись на курс' }).waitFor();
    await page.getByLabel('ФИО').fill(NAME);
    await page.getByLabel('Направление').selectOption('design');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByText(/^Спасибо, rsp_/).waitFor();
    await page.context().close();
  });

  it('the owner sees the response in the table and the chart, by the link on the app’s console page', async () => {
    // A second response straight through the proxy, so the chart counts two options and one can be deleted.
    const other = await t.login('other@uni.example');
    const sent = await t.request({
      method: 'POST',
      url: `${PROXY}/campus/signup/responses/signup`,
      headers: { ...other.auth, 'content-type': 'application/json' },
      payload: { fullName: 'Second', track: 'robotics' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    owners = await pageAs(browser, t.baseUrl, owner, '/console/orgs/campus/apps/signup');
    await owners.getByRole('link', { name: 'Form responses' }).click();
    await owners.getByRole('heading', { name: 'Form responses', level: 1 }).waitFor();
    expect(await owners.getByTestId('responses-summary').textContent()).toBe(
      '2 responses · 2 of 40 places taken',
    );
    const rows = owners.locator('[data-testid="responses-rows"] tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first: the student's is the second row.
    const mine = rows.nth(1);
    expect(await mine.locator('[data-field="fullName"]').textContent()).toBe(NAME);
    expect(await mine.locator('[data-field="track"]').textContent()).toBe('design');
    const headings = await owners.locator('[data-testid="responses-rows"] thead th').allTextContents();
    expect(headings).toEqual(['Sent', 'ФИО', 'Направление', 'App user', 'Profile', 'Actions']);
    const chart = owners.getByTestId('chart-track');
    expect(await chart.locator('caption').textContent()).toBe(
      'Направление: responses by option, of 2 responses',
    );
    const count = (option: string) =>
      chart.locator(`tr[data-option="${option}"] [data-field="count"]`).textContent();
    expect(await count('design')).toBe('1');
    expect(await count('robotics')).toBe('1');
    expect(await chart.locator('tr[data-option="design"] td').last().textContent()).toBe('50%');
  });

  it('deletes a response only after the confirmation, and the chart follows', async () => {
    const rows = owners.locator('[data-testid="responses-rows"] tbody tr');
    const second = rows.first();
    const label = (await second.getByRole('button', { name: 'Delete' }).getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Delete the response sent /);
    owners.once('dialog', (dialog) => void dialog.dismiss());
    await second.getByRole('button', { name: 'Delete' }).click();
    expect(await rows.count()).toBe(2);
    owners.once('dialog', (dialog) => void dialog.accept());
    await second.getByRole('button', { name: 'Delete' }).click();
    await owners.getByText('Response deleted.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expect
      .poll(() =>
        owners
          .getByTestId('chart-track')
          .locator('tr[data-option="robotics"] [data-field="count"]')
          .textContent(),
      )
      .toBe('0');
    expect(await owners.evaluate('document.activeElement.id')).toBe('responses-table');
  });

  it('exports the form as CSV through the page: progress, a BOM and the Cyrillic intact', async () => {
    // By keyboard: the form picker, then Tab to the first export button, Enter.
    await owners.getByLabel('Form').focus();
    await owners.keyboard.press('Tab');
    expect(await owners.evaluate('document.activeElement.textContent')).toBe('Download CSV');
    const [download] = await Promise.all([owners.waitForEvent('download'), owners.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('signup-signup.csv');
    await owners.getByText('Saved signup-signup.csv.').waitFor();
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    // The page asks in its language: the fixed headings in English, the fields by their labels.
    expect(rows[0]!.slice(-2)).toEqual(['ФИО', 'Направление']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(-2)).toEqual([NAME, 'design']);
  });

  it('exports the form as XLSX through the page: a workbook with the Cyrillic intact', async () => {
    const [download] = await Promise.all([
      owners.waitForEvent('download'),
      owners.getByRole('button', { name: 'Download Excel (XLSX)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('signup-signup.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as never);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(-2)).toEqual(['ФИО', 'Направление']);
    expect((sheet.getRow(2).values as unknown[]).slice(-2)).toEqual([NAME, 'design']);
    expect(sheet.rowCount).toBe(2);
  });

  it('shows the platform’s refusal of an export, and cancels an export midway', async () => {
    // A refusal as the platform words it (a server that refuses the format, as one before XLSX did).
    await owners.route('**/responses/export?*format=xlsx*', (route) =>
      route.fulfill({
        status: 400,
        json: { ok: false, error: 'bad_request', message: 'This export format is not offered.' },
      }),
    );
    await owners.getByRole('button', { name: 'Download Excel (XLSX)' }).click();
    const refusal = owners.locator('section[aria-labelledby="responses-export"] [role="alert"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('This export format is not offered. (bad_request)');
    await owners.unrouteAll();
    // An export that does not finish: its answer held open, the owner cancels.
    await owners.route('**/responses/export?*', async () => {
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    });
    await owners.getByRole('button', { name: 'Download CSV' }).click();
    await owners.getByRole('button', { name: 'Cancel export' }).click();
    await owners.getByText('Export cancelled.').waitFor();
    await owners.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('reads in Russian, says when an app has no form that collects, and a user outside the organization sees not found', async () => {
    const ru = await (await newContext(browser, { locale: 'ru-RU', who: owner })).newPage();
    await ru.goto(`${t.baseUrl}/console/orgs/campus/apps/signup/responses`);
    await ru.getByRole('heading', { name: 'Ответы форм', level: 1 }).waitFor();
    await ru.getByRole('button', { name: 'Скачать CSV' }).waitFor();
    expect(await ru.getByTestId('responses-summary').textContent()).toBe('1 ответ · Занято мест: 1 из 40');
    // An app without a collecting form says how to make one.
    await hostedApp(t, owner, {
      org: 'campus',
      slug: 'plain',
      live: [{ path: '/', json: { type: 'screen' } }],
    });
    await ru.goto(`${t.baseUrl}/console/orgs/campus/apps/plain/responses`);
    expect(await ru.getByTestId('responses-none').textContent()).toMatch(/^Ни одна форма приложения пока не/);
    await ru.context().close();
    const stranger = await pageAs(browser, t.baseUrl, student, '/console/orgs/campus/apps/signup/responses');
    const notice = stranger.locator('[role="alert"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('(org_not_found)');
    expect(await stranger.locator('[data-testid="responses-rows"]').count()).toBe(0);
    await stranger.context().close();
  });

  it('pages by "Load more", filters by days in the browser’s zone, and shows the rows of a large export as they come', async () => {
    // 5,000 responses written as the store writes them (the proxy lets a user send 10 a minute), a minute apart
    // from 2024-01-01, and three more around midnight in Moscow.
    const app = await t.platform.db
      .selectFrom('apps')
      .select('id')
      .where('slug', '=', 'signup')
      .executeTakeFirstOrThrow();
    const row = (i: number, at: string, fullName: string) => ({
      id: `rsp_bulk${String(i).padStart(12, '0')}`,
      appId: app.id,
      form: 'signup',
      userId: owner.user.id,
      appUserId: `bulk-${i}`,
      appVersion: 1,
      values: JSON.stringify({ fullName, track: i % 2 ? 'design' : 'robotics' }),
      profile: '{}',
      createdAt: at,
      updatedAt: at,
    });
    const bulk = Array.from({ length: 5000 }, (_, i) =>
      row(i, new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(), `Студент ${i}`),
    );
    bulk.push(
      row(5000, '2025-03-01T20:00:00.000Z', 'Мартовский вечер'), // 1 March, 23:00 in Moscow
      row(5001, '2025-03-01T22:00:00.000Z', 'Мартовская ночь'), // 2 March, 01:00 in Moscow
      row(5002, '2025-03-03T10:00:00.000Z', 'Третье марта'),
    );
    for (let at = 0; at < bulk.length; at += 500) {
      await t.platform.db
        .insertInto('formResponses')
        .values(bulk.slice(at, at + 500))
        .execute();
    }
    const page = await (await newContext(browser, { who: owner, timezoneId: 'Europe/Moscow' })).newPage();
    await page.goto(`${t.baseUrl}/console/orgs/campus/apps/signup/responses`);
    const rows = page.locator('[data-testid="responses-rows"] tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    expect(await page.getByTestId('responses-shown').textContent()).toBe('50 of 5,004 shown');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(100);
    expect(await page.getByTestId('responses-shown').textContent()).toBe('100 of 5,004 shown');
    // The student's response first, then the three of March 2025, then the bulk newest first.
    expect(await rows.nth(1).locator('[data-field="fullName"]').textContent()).toBe('Третье марта');
    expect(await rows.nth(4).locator('[data-field="fullName"]').textContent()).toBe('Студент 4999');

    await page.getByLabel('From').fill('2025-03-02');
    await page.getByLabel('To (inclusive)').fill('2025-03-02');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('[data-field="fullName"]').textContent()).toBe('Мартовская ночь');
    await page.getByLabel('From').fill('2025-03-04');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('The first day is after the last one.').waitFor();
    await page.getByLabel('To (inclusive)').fill('2025-03-05');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByTestId('responses-empty').waitFor();
    expect(await page.getByTestId('responses-empty').textContent()).toBe('No responses in these dates.');
    await page.getByRole('button', { name: 'All dates' }).click();
    await expect.poll(() => rows.count()).toBe(50);

    // Every text the progress line shows on the way, kept by the page itself.
    await page.evaluate(`(() => {
      window.progressSeen = [];
      new MutationObserver(() => {
        const line = document.querySelector('[data-testid="export-progress"]');
        if (line) window.progressSeen.push(line.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const seen = (await page.evaluate('window.progressSeen')) as string[];
    // Rows against the form's count, growing as the stream's chunks arrive (the server sends 500 rows a query).
    for (const text of seen) expect(text).toMatch(/^[\d,]+ of 5,004 rows$/);
    const counts = seen.map((text) => Number(text.split(' of ')[0]!.replaceAll(',', '')));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.some((count) => count > 0 && count < 5004)).toBe(true);
    const csv = parseCsv((await readFile((await download.path())!)).toString('utf8').slice(1));
    expect(csv).toHaveLength(5005);
    expect(csv[1]!.slice(-2)).toEqual(['Студент 0', 'robotics']);
    await page.context().close();
  }, 60_000);
});
