// Files in form responses: sent as multipart with the response, checked as any upload through the proxy, kept in
// the file store (a folder under DATA_DIR, or S3 against s3rver on loopback) and referenced by rows, downloaded by
// the app's members only, and gone with their response, their form, their app or the retention sweep. A response
// that is not kept, for whatever reason, leaves no file behind.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../src/file-store/file-store.js';
import { sweepUnreferencedFiles } from '../src/file-store/sweep.js';
import { ManualClock } from '../src/infra/clock.js';
import { sweepResponses } from '../src/responses/retention.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, PROXY } from './helpers/proxy-apps.js';
import { startS3, type TestS3 } from './helpers/s3-server.js';
import { multipart, pdfOfSize, pngOfSize, type SentPart } from './helpers/upload-origin.js';

const DAY = 24 * 60 * 60 * 1000;

function screen(collect: Record<string, unknown>, id: string, fields: object[]) {
  return { type: 'screen', children: [{ type: 'form', id, collect, children: fields }] };
}

const scan = {
  type: 'fileField',
  name: 'scan',
  label: 'Скан',
  accept: ['application/pdf', 'image/png'],
  required: true,
};
const extra = { type: 'fileField', name: 'extra', accept: ['text/plain'], maxFiles: 2, maxSize: 100 };
const fullName = { type: 'textField', name: 'fullName', label: 'Имя', required: true };

const screens = [
  { path: '/', json: screen({ name: 'docs', allowEdit: true }, 'd', [fullName, scan, extra]) },
  { path: '/seat', json: screen({ name: 'seat', capacity: 1 }, 's', [scan]) },
  { path: '/late', json: screen({ name: 'late', closesAt: '2026-01-01T00:00:00Z' }, 'l', [scan]) },
];

const pdf = (name: string, bytes = 3000): SentPart => ({
  name: 'scan',
  filename: name,
  type: 'application/pdf',
  data: pdfOfSize(bytes),
});
const values = (value: unknown): SentPart => ({ name: 'values', data: JSON.stringify(value) });

async function bytesOf(stream: Readable | undefined): Promise<Buffer | undefined> {
  if (stream === undefined) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const stores: ('disk' | 's3')[] = ['disk', 's3'];
const cases = dialects.flatMap((dialect) => stores.map((store) => [dialect, store] as const));

describe.each(cases)('files in form responses on %s, stored on %s', (dialect, kind) => {
  let t: TestPlatform;
  let s3: TestS3 | undefined;
  let dev: SignedIn;
  let ann: SignedIn;
  let ben: SignedIn;
  let eve: SignedIn;
  let clock: ManualClock;
  let eventsId: string;
  const files = () => t.platform.files;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
    t = await startTestPlatform(dialect, s3?.env ?? {});
    expect(t.platform.files.kind).toBe(kind);
    clock = new ManualClock(Date.parse('2026-08-01T00:00:00Z'));
    t.platform.clock = clock;
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    ben = await t.login('ben@uni.example');
    eve = await t.login('eve@elsewhere.example');
    eventsId = await hostedApp(t, dev, { org: 'acme', slug: 'events', live: screens });
    await hostedApp(t, dev, { org: 'acme', slug: 'other', live: screens });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });
  // Past the 10 responses a minute per user and app, whatever the test before sent.
  beforeEach(() => clock.advance(2 * 60 * 1000));

  const send = (
    who: SignedIn,
    path: string,
    parts: SentPart[],
    options: { method?: 'POST' | 'PUT'; app?: string } = {},
  ) => {
    const form = multipart(parts);
    return t.request({
      method: options.method ?? 'POST',
      url: `${PROXY}/acme/${options.app ?? 'events'}/responses/${path}`,
      headers: { ...who.auth, 'content-type': form.contentType },
      payload: form.body,
    });
  };
  const storedKeys = async (prefix = 'responses') => {
    const keys: string[] = [];
    for await (const { key } of files().list(prefix)) keys.push(key);
    return keys.sort();
  };
  const fileRows = () => t.platform.db.selectFrom('responseFiles').selectAll().orderBy('key').execute();
  const responseRows = () => t.platform.db.selectFrom('formResponses').select(['id', 'form']).execute();
  const download = (who: SignedIn, response: string, file: string, app = 'events') =>
    t.request({
      method: 'GET',
      url: `/api/v1/orgs/acme/apps/${app}/responses/${response}/files/${file}`,
      headers: who.auth,
    });
  /** The rows and stored files, which a refused response must leave as they were. */
  const snapshot = async () => ({
    responses: (await responseRows()).length,
    rows: (await fileRows()).map((row) => row.key),
    keys: await storedKeys(),
    // Nothing half-written either (the disk store's temporary files; S3 has none).
    partial: await storedKeys('partial'),
  });

  it('a response with files round-trips to the owner: same bytes, its name, its type, a download', async () => {
    const data = pdfOfSize(50_000);
    const res = await send(ann, 'docs', [
      values({ fullName: 'Анна' }),
      { name: 'scan', filename: 'Справка о прививках.pdf', type: 'application/pdf', data },
      { name: 'extra', filename: 'note.txt', type: 'text/plain', data: 'hello' },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.values).toEqual({
      fullName: 'Анна',
      scan: [
        {
          id: expect.stringMatching(/^rfl_/),
          name: 'Справка о прививках.pdf',
          size: 50_000,
          type: 'application/pdf',
        },
      ],
      extra: [{ id: expect.stringMatching(/^rfl_/), name: 'note.txt', size: 5, type: 'text/plain' }],
    });
    // Where the bytes are is never told.
    expect(res.body).not.toContain('responses/');
    const rows = await fileRows();
    expect(rows.map((row) => row.key).sort()).toEqual(await storedKeys());
    expect(rows.every((row) => row.key.startsWith(`responses/${eventsId}/`))).toBe(true);

    const one = await t.request({
      method: 'GET',
      url: `/api/v1/orgs/acme/apps/events/responses/${body.id}`,
      headers: dev.auth,
    });
    expect(one.statusCode).toBe(200);
    const fileId = body.values.scan[0].id as string;
    expect(one.json().response.files).toEqual([
      { id: body.values.extra[0].id, field: 'extra', name: 'note.txt', size: 5, type: 'text/plain' },
      { id: fileId, field: 'scan', name: 'Справка о прививках.pdf', size: 50_000, type: 'application/pdf' },
    ]);
    const list = await t.request({
      method: 'GET',
      url: '/api/v1/orgs/acme/apps/events/responses?form=docs',
      headers: dev.auth,
    });
    expect(list.json().responses[0].files).toHaveLength(2);

    const got = await download(dev, body.id, fileId);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="_______ _ _________.pdf"; filename*=UTF-8''${encodeURIComponent('Справка о прививках.pdf')}`,
    );

    const csv = await t.request({
      method: 'GET',
      url: '/api/v1/orgs/acme/apps/events/responses/export?form=docs',
      headers: dev.auth,
    });
    expect(csv.body.split('\r\n')[1]).toContain(',Анна,Справка о прививках.pdf,note.txt');

    const xlsx = await t.request({
      method: 'GET',
      url: '/api/v1/orgs/acme/apps/events/responses/export?form=docs&format=xlsx',
      headers: dev.auth,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const row = (workbook.worksheets[0]!.getRow(2).values as unknown[]).slice(1);
    expect(row.slice(-3)).toEqual(['Анна', 'Справка о прививках.pdf', 'note.txt']);
  });

  it('a path-like or quoted file name is kept as a name only; the key is never made from it', async () => {
    const res = await send(ben, 'docs', [
      values({ fullName: 'Ben' }),
      pdf('..\\..\\..\\etc/../../passwd.pdf'),
      { name: 'extra', filename: "../../../x%22; filename=evil.html'(", type: 'text/plain', data: 'x' },
    ]);
    expect(res.statusCode).toBe(201);
    const { id, values: kept } = res.json();
    expect(kept.scan[0].name).toBe('passwd.pdf');
    // A quote comes as %22 (WHATWG multipart/form-data), kept as sent.
    expect(kept.extra[0].name).toBe("x%22; filename=evil.html'(");
    const got = await download(dev, id, kept.extra[0].id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="x_22; filename=evil.html'("; filename*=UTF-8''x%2522%3B%20filename%3Devil.html%27%28`,
    );
    for (const key of await storedKeys()) expect(key).toMatch(/^responses\/[A-Za-z0-9_-]+\/[0-9a-f-]{36}$/);
    if (kind === 'disk') {
      const root = join(t.config.dataDir, 'files');
      expect(readdirSync(root).sort()).toEqual(['partial', 'responses']);
      expect(readdirSync(join(root, 'responses'))).toEqual([eventsId]);
    }
  });

  it('the file route answers members only, and only for a file of that response of that app', async () => {
    const mine = await send(ann, 'docs', [values({ fullName: 'A' }), pdf('a.pdf')]);
    const theirs = await send(ann, 'docs', [values({ fullName: 'B' }), pdf('b.pdf')], { app: 'other' });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    const { id, values: v } = mine.json();
    const other = theirs.json();
    expect((await download(dev, id, v.scan[0].id)).statusCode).toBe(200);
    for (const [who, response, file, app] of [
      [eve, id, v.scan[0].id, 'events'], // not a member
      [ann, id, v.scan[0].id, 'events'], // the respondent is no member either
      [dev, id, other.values.scan[0].id, 'events'], // another app's file under this response
      [dev, other.id, other.values.scan[0].id, 'events'], // another app's response and file
      [dev, id, v.scan[0].id, 'other'], // this file through the other app
      [dev, id, 'rfl_nosuchfile00000000', 'events'],
    ] as const) {
      const res = await download(who, response, file, app);
      expect(res.statusCode, `${who.user.email} ${app} ${file}`).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
  });

  it('the same submit twice at once with capacity 1 keeps one response and one file', async () => {
    const before = await snapshot();
    const [a, b] = await Promise.all([send(ann, 'seat', [pdf('a.pdf')]), send(ben, 'seat', [pdf('b.pdf')])]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((res) => res.statusCode === 409)!.json().error).toBe('form_full');
    const after = await snapshot();
    expect(after.responses).toBe(before.responses + 1);
    expect(after.rows).toHaveLength(before.rows.length + 1);
    expect(after.keys).toEqual(after.rows);
  });

  it('a refused response leaves no file and no row, whatever refused it', async () => {
    const before = await snapshot();
    const refused: [string, string, SentPart[], number, string][] = [
      ['closed', 'late', [pdf('a.pdf')], 409, 'form_closed'],
      ['full', 'seat', [pdf('a.pdf')], 409, 'form_full'],
      ['a bad value beside a good file', 'docs', [values({}), pdf('a.pdf')], 422, 'validation_failed'],
      ['no file for a required fileField', 'docs', [values({ fullName: 'A' })], 422, 'validation_failed'],
      [
        'a file written as a value',
        'docs',
        [values({ fullName: 'A', scan: [{ id: 'rfl_x' }] }), pdf('a.pdf')],
        422,
        'validation_failed',
      ],
      [
        'a type the field does not accept',
        'docs',
        [
          values({ fullName: 'A' }),
          pdf('a.pdf'),
          { name: 'extra', filename: 'p.png', type: 'image/png', data: pngOfSize(80) },
        ],
        422,
        'validation_failed',
      ],
      [
        'over the field maxSize',
        'docs',
        [
          values({ fullName: 'A' }),
          pdf('a.pdf'),
          { name: 'extra', filename: 'n.txt', type: 'text/plain', data: 'x'.repeat(101) },
        ],
        422,
        'validation_failed',
      ],
      [
        'over maxFiles',
        'docs',
        [
          values({ fullName: 'A' }),
          pdf('a.pdf'),
          ...['1', '2', '3'].map((n) => ({
            name: 'extra',
            filename: `${n}.txt`,
            type: 'text/plain',
            data: n,
          })),
        ],
        422,
        'validation_failed',
      ],
      [
        'a part for no field',
        'docs',
        [values({ fullName: 'A' }), pdf('a.pdf'), { ...pdf('b.pdf'), name: 'nope' }],
        422,
        'validation_failed',
      ],
      [
        'a type no upload may have',
        'docs',
        [values({ fullName: 'A' }), { ...pdf('a.exe'), type: 'application/x-msdownload' }],
        415,
        'file_type_refused',
      ],
      [
        'a program named .pdf',
        'docs',
        [values({ fullName: 'A' }), { ...pdf('a.pdf'), data: Buffer.from('MZ\x90\x00') }],
        415,
        'file_type_refused',
      ],
      [
        'bytes not of the declared type',
        'docs',
        [values({ fullName: 'A' }), { ...pdf('a.pdf'), data: 'plain text' }],
        422,
        'file_type_mismatch',
      ],
    ];
    for (const [what, path, parts, status, code] of refused) {
      const res = await send(ann, path, parts);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().error, what).toBe(code);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a file at its field's maxSize and maxFiles is kept; one byte or one file more is refused", async () => {
    const text = (name: string, bytes: number): SentPart => ({
      name: 'extra',
      filename: name,
      type: 'text/plain',
      data: 'x'.repeat(bytes),
    });
    const at = await send(ann, 'docs', [
      values({ fullName: 'A' }),
      pdf('a.pdf'),
      text('1.txt', 100),
      text('2.txt', 1),
    ]);
    expect(at.statusCode).toBe(201);
    expect(at.json().values.extra.map((file: { size: number }) => file.size)).toEqual([100, 1]);
    const before = await snapshot();
    const over = await send(ann, 'docs', [values({ fullName: 'A' }), pdf('a.pdf'), text('1.txt', 101)]);
    expect(over.statusCode).toBe(422);
    expect(over.json().details).toEqual([{ in: 'body', pointer: '/extra', problem: 'too_large', max: 100 }]);
    const many = await send(ann, 'docs', [
      values({ fullName: 'A' }),
      pdf('a.pdf'),
      text('1.txt', 1),
      text('2.txt', 1),
      text('3.txt', 1),
    ]);
    expect(many.json().details).toEqual([
      { in: 'body', pointer: '/extra', problem: 'too_many_files', max: 2 },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('a failed store write keeps neither the response nor any of its files', async () => {
    const real = files();
    let puts = 0;
    const failing: FileStore = {
      ...real,
      list: (prefix) => real.list(prefix),
      async put(key, body, meta) {
        puts++;
        if (puts === 2) {
          body.resume();
          throw new Error('disk full');
        }
        await real.put(key, body, meta);
      },
    };
    const before = await snapshot();
    t.platform.files = failing;
    try {
      const res = await send(ann, 'docs', [
        values({ fullName: 'A' }),
        pdf('a.pdf'),
        { name: 'extra', filename: 'n.txt', type: 'text/plain', data: 'n' },
      ]);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('unavailable');
    } finally {
      t.platform.files = real;
    }
    expect(puts).toBe(2);
    expect(await snapshot()).toEqual(before);
  });

  it('an edit replacing a file removes the old one; an edit without files keeps them', async () => {
    const first = await send(ben, 'docs', [
      values({ fullName: 'B' }),
      pdf('old.pdf'),
      { name: 'extra', filename: 'n.txt', type: 'text/plain', data: 'n' },
    ]);
    expect(first.statusCode).toBe(201);
    const { id } = first.json();
    const oldKeys = (await fileRows()).filter((row) => row.responseId === id).map((row) => row.key);
    expect(oldKeys).toHaveLength(2);
    const scanKey = (await fileRows()).find((row) => row.responseId === id && row.field === 'scan')!.key;

    const edited = await send(ben, `docs/${id}`, [values({ fullName: 'B2' }), pdf('new.pdf', 1234)], {
      method: 'PUT',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().values.scan[0]).toMatchObject({ name: 'new.pdf', size: 1234 });
    expect(edited.json().values.extra[0]).toMatchObject({ name: 'n.txt' });
    const rows = (await fileRows()).filter((row) => row.responseId === id);
    expect(rows.map((row) => row.name).sort()).toEqual(['n.txt', 'new.pdf']);
    const keys = await storedKeys();
    expect(keys).not.toContain(scanKey);
    for (const row of rows) expect(keys).toContain(row.key);

    // Someone else's response: 404, and the file sent with it is not kept.
    const before = await snapshot();
    const stranger = await send(ann, `docs/${id}`, [values({ fullName: 'X' }), pdf('x.pdf')], {
      method: 'PUT',
    });
    expect(stranger.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    const json = await t.request({
      method: 'PUT',
      url: `${PROXY}/acme/events/responses/docs/${id}`,
      headers: { ...ben.auth, 'content-type': 'application/json' },
      payload: { fullName: 'B3' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().values).toMatchObject({
      fullName: 'B3',
      scan: [{ name: 'new.pdf' }],
      extra: [{ name: 'n.txt' }],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("deleting a response, a form's responses, by retention or with the app deletes the files' bytes", async () => {
    const submit = async (who: SignedIn, app = 'events') => {
      clock.advance(2 * 60 * 1000);
      const res = await send(who, 'docs', [values({ fullName: 'D' }), pdf('d.pdf')], { app });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as string;
      return { id, keys: (await fileRows()).filter((row) => row.responseId === id).map((row) => row.key) };
    };
    const stillStored = async (keys: string[]) => {
      const stored = new Set(await storedKeys());
      return keys.filter((key) => stored.has(key));
    };

    const one = await submit(ann);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/v1/orgs/acme/apps/events/responses/${one.id}`,
      headers: dev.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(await stillStored(one.keys)).toEqual([]);
    expect(await bytesOf(await files().get(one.keys[0]!))).toBeUndefined();

    const a = await submit(ann);
    const b = await submit(ben);
    const kept = await submit(ann, 'other');
    const all = await t.request({
      method: 'DELETE',
      url: '/api/v1/orgs/acme/apps/events/responses?form=docs',
      headers: dev.auth,
    });
    expect(all.statusCode).toBe(200);
    expect(await stillStored([...a.keys, ...b.keys])).toEqual([]);
    expect(await stillStored(kept.keys)).toEqual(kept.keys);

    const old = await submit(ann);
    clock.advance(366 * DAY);
    const fresh = await submit(ben);
    const otherApp = await submit(ben, 'other');
    expect(await sweepResponses(t.platform.db, clock.now(), files())).toBeGreaterThanOrEqual(1);
    expect(await stillStored([...old.keys, ...kept.keys])).toEqual([]);
    expect(await stillStored(fresh.keys)).toEqual(fresh.keys);

    // No route deletes an app: its row going takes the responses and file rows along (cascade), and the sweep of
    // unreferenced files takes the bytes; the other app's files stay.
    await t.platform.db.deleteFrom('apps').where('id', '=', eventsId).execute();
    expect(await stillStored(fresh.keys)).toEqual(fresh.keys);
    // Within the grace period (a submit between its files' writes and its row) nothing goes.
    expect(await sweepUnreferencedFiles(t.platform.db, files(), Date.now() - 60 * 60 * 1000)).toBe(0);
    expect(await sweepUnreferencedFiles(t.platform.db, files(), Date.now() + 1000)).toBeGreaterThanOrEqual(1);
    expect(await stillStored(fresh.keys)).toEqual([]);
    expect(await stillStored(otherApp.keys)).toEqual(otherApp.keys);
    expect(await storedKeys()).toEqual((await fileRows()).map((row) => row.key));
  });
});
