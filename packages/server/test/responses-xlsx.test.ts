// The XLSX export of a form's responses, read back with exceljs's reader: headings in the caller's language,
// numbers as numbers, dates as dates, lists joined, a typed `=…` kept as text, every page of a large form.
import { get } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/infra/clock.js';
import { responsesXlsx } from '../src/responses/xlsx-export.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';
import { collectingScreen, FIXED_HEADINGS_RU } from './helpers/response-forms.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const screen = collectingScreen('signup', [
  { type: 'textField', name: 'fullName', label: 'Имя участника', required: true },
  { type: 'textField', name: 'age', label: 'Возраст', inputType: 'number' },
  { type: 'textField', name: 'day', label: 'День', inputType: 'date' },
  { type: 'textField', name: 'at', inputType: 'datetime' },
  { type: 'textField', name: 'slot', inputType: 'time' },
  {
    type: 'select',
    name: 'tracks',
    multiple: true,
    options: [
      { label: 'А', value: 'архитектура' },
      { label: 'Б', value: 'биология' },
    ],
  },
  { type: 'checkbox', name: 'agree' },
]);

async function sheetOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as never);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

/** A row's cell values from the first column on (exceljs numbers cells from 1). */
function cells(sheet: ExcelJS.Worksheet, row: number): unknown[] {
  return (sheet.getRow(row).values as unknown[]).slice(1);
}

describe.each(dialects)('the XLSX export of form responses on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let ann: SignedIn;
  let eve: SignedIn;
  let appId: string;
  let clock: ManualClock;
  const base = '/api/v1/orgs/acme/apps/events/responses';

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    clock = new ManualClock(Date.parse('2026-08-01T09:30:00Z'));
    t.platform.clock = clock;
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    eve = await t.login('eve@uni.example');
    appId = await hostedApp(t, dev, { org: 'acme', slug: 'events', live: [{ path: '/', json: screen }] });
  }, 60_000);
  afterAll(() => t.close());

  const send = (who: SignedIn, body: object) =>
    t.request({
      method: 'POST',
      url: `${PROXY}/acme/events/responses/signup`,
      headers: { ...who.auth, 'content-type': 'application/json' },
      payload: body,
    });
  const exportAs = (who: SignedIn, query: string, language = 'ru') =>
    t.request({
      method: 'GET',
      url: `${base}/export?${query}`,
      headers: { ...who.auth, 'accept-language': language },
    });

  it("writes typed cells under bold, frozen headings in the caller's language, Cyrillic intact, and audits it", async () => {
    const first = await send(ann, {
      fullName: 'Анна Ёлкина',
      age: 19,
      day: '2026-09-14',
      at: '2026-09-14T18:30',
      slot: '10:45',
      tracks: ['архитектура', 'биология'],
      agree: true,
    });
    expect(first.statusCode).toBe(201);
    clock.advance(1000);
    expect((await send(ann, { fullName: '=HYPERLINK("http://evil.example","жми")' })).statusCode).toBe(201);
    const res = await exportAs(dev, 'form=signup&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="events-signup.xlsx"');
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('signup');
    expect(cells(sheet, 1)).toEqual([
      ...FIXED_HEADINGS_RU,
      'Имя участника',
      'Возраст',
      'День',
      'at',
      'slot',
      'tracks',
      'agree',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(first.json().id);
    expect(row.getCell(2).value).toEqual(new Date('2026-08-01T09:30:00Z'));
    expect(row.getCell(4).value).toBe(1);
    expect(row.getCell(10).value).toBe('Анна Ёлкина');
    expect(row.getCell(11).value).toBe(19);
    expect(row.getCell(12).value).toEqual(new Date('2026-09-14T00:00:00Z'));
    expect(row.getCell(12).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(13).value).toEqual(new Date('2026-09-14T18:30:00Z'));
    expect(row.getCell(14).value).toEqual(new Date(Date.UTC(1899, 11, 30, 10, 45)));
    expect(row.getCell(15).value).toBe('архитектура; биология');
    expect(row.getCell(16).value).toBe(true);
    // What a user typed as a formula comes back as text: no cell of the export is a formula.
    const typed = sheet.getRow(3).getCell(10);
    expect(typed.type).toBe(ExcelJS.ValueType.String);
    expect(typed.value).toBe('=HYPERLINK("http://evil.example","жми")');
    expect(typed.formula).toBeUndefined();
    expect(sheet.getRow(3).getCell(11).value).toBeNull();
    expect(sheet.rowCount).toBe(3);
    const english = await sheetOf((await exportAs(dev, 'form=signup&format=xlsx', 'en')).rawPayload);
    expect(cells(english, 1).slice(0, 2)).toEqual(['Response', 'Sent at (UTC)']);
    const audit = await t.platform.db
      .selectFrom('auditLog')
      .select(['actorId', 'details'])
      .where('action', '=', 'export_responses')
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details!))).toEqual([
      { form: 'signup', format: 'xlsx' },
      { form: 'signup', format: 'xlsx' },
    ]);
    expect(audit[0]!.actorId).toBe(dev.user.id);
  });

  it('reads a large form a page at a time, oldest first, every row once', async () => {
    const total = 1234;
    const rows = Array.from({ length: total }, (_, i) => ({
      id: `rsp_big${String(i).padStart(5, '0')}`,
      appId,
      form: 'big',
      userId: ann.user.id,
      appUserId: 'au_ann',
      appVersion: 1,
      values: JSON.stringify({ fullName: `Ответ ${i}` }),
      profile: '{}',
      // Ten rows share each second: the page boundary falls among rows of one time.
      createdAt: new Date(Date.parse('2026-07-01T00:00:00Z') + Math.floor(i / 10) * 1000).toISOString(),
      updatedAt: '2026-07-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.platform.db
        .insertInto('formResponses')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const sheet = await sheetOf((await exportAs(dev, 'form=big&format=xlsx')).rawPayload);
    expect(sheet.rowCount).toBe(total + 1);
    const ids = Array.from({ length: total }, (_, i) => sheet.getRow(i + 2).getCell(1).value);
    expect(ids).toEqual(rows.map((row) => row.id));
    await t.platform.db.deleteFrom('formResponses').where('form', '=', 'big').execute();
  });

  it('stops reading when the client leaves mid-export, and serves the next export whole', async () => {
    const total = 40_000;
    for (let from = 0; from < total; from += 2000) {
      await t.platform.db
        .insertInto('formResponses')
        .values(
          Array.from({ length: 2000 }, (_, i) => ({
            id: `rsp_left${String(from + i).padStart(6, '0')}`,
            appId,
            form: 'left',
            userId: ann.user.id,
            appUserId: 'au_ann',
            appVersion: 1,
            values: JSON.stringify({ fullName: `Ответ ${from + i} ${'ж'.repeat(200)}` }),
            profile: '{}',
            createdAt: '2026-07-01T00:00:00.000Z',
            updatedAt: '2026-07-01T00:00:00.000Z',
          })),
        )
        .execute();
    }
    // Nobody reads: the writer stops reading pages once the zip holds its backlog, then stops for good when the
    // reader goes away (80 pages in all, about 250 KB each; it stops after some
    // 15 to 40, as fast as the zip compresses what it holds).
    let queries = 0;
    const db = t.platform.db;
    const counting = new Proxy(db, {
      get: (target, key) =>
        key === 'selectFrom'
          ? (...args: Parameters<typeof db.selectFrom>) => {
              queries++;
              return target.selectFrom(...args);
            }
          : Reflect.get(target, key),
    });
    const unread = responsesXlsx(
      counting,
      appId,
      'left',
      [{ name: 'fullName', type: 'text', required: true }],
      'en',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThan(60);
    unread.destroy();
    const stopped = queries;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The page read when the reader left is the last.
    expect(queries).toBeLessThanOrEqual(stopped + 1);
    const baseUrl = await t.listen();
    // Over a socket: the client takes the first bytes, then hangs up.
    await new Promise<void>((resolve, reject) => {
      const request = get(`${baseUrl}${base}/export?form=left&format=xlsx`, { headers: dev.auth }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sheet = await sheetOf((await exportAs(dev, 'form=signup&format=xlsx')).rawPayload);
    expect(sheet.rowCount).toBe(3);
    await t.platform.db.deleteFrom('formResponses').where('form', '=', 'left').execute();
  }, 60_000);

  it('answers 404 to a stranger and 400 bad_request to an unknown format, auditing neither', async () => {
    const before = await t.platform.db.selectFrom('auditLog').select('id').execute();
    for (const who of [ann, eve]) {
      expect((await exportAs(who, 'form=signup&format=xlsx')).statusCode).toBe(404);
    }
    for (const format of ['pdf', 'XLSX', 'xls']) {
      const res = await exportAs(dev, `form=signup&format=${format}`);
      expect(res.statusCode, format).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'bad_request', details: { field: 'format' } });
    }
    expect(await t.platform.db.selectFrom('auditLog').select('id').execute()).toHaveLength(before.length);
  });
});
