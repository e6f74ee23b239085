// Files through the proxy: multipart bodies checked part by part, refused with coded errors, and otherwise sent whole
// to a real https origin whose SDK plugin verifies signature v2 over the multipart body.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_REQUEST_BYTES } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { grant, hostedApp, originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';
import {
  multipart,
  pdfOfSize,
  pngOfSize,
  type SentPart,
  sha256,
  startUploadOrigin,
  type UploadOrigin,
} from './helpers/upload-origin.js';

const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith('miniapps-upload-'));

describe.each(dialects)('files through the proxy on %s', (dialect) => {
  let t: TestPlatform;
  let origin: UploadOrigin;
  let dev: SignedIn;
  let user: SignedIn;
  let secret = 'not-made-yet';

  beforeAll(async () => {
    origin = await startUploadOrigin(() => secret);
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
    dev = await t.login('dev@uni.example');
    user = await t.login('student@uni.example');
    await remoteApp(t, dev, {
      org: 'campus',
      slug: 'notes',
      origin: `https://origin.test:${origin.port}`,
      scopes: ['identity'],
    });
    await grant(t, user, 'campus', 'notes', ['identity']);
    await hostedApp(t, dev, { org: 'campus', slug: 'static', live: [{ path: '/', json: { type: 'text' } }] });
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/orgs/campus/apps/notes/signing-secret',
      headers: dev.auth,
    });
    secret = made.json().secret as string;
  });
  afterAll(async () => {
    await t?.close();
    await origin?.close();
  });

  const send = (
    parts: SentPart[] | { body: Buffer | Readable; contentType: string },
    options: { path?: string; who?: SignedIn | null; headers?: Record<string, string> } = {},
  ) => {
    const form = Array.isArray(parts) ? multipart(parts) : parts;
    const who = options.who === undefined ? user : options.who;
    return t.request({
      method: 'POST',
      url: `${PROXY}${options.path ?? '/campus/notes/api/notes/medical'}`,
      headers: { ...(who?.auth ?? {}), 'content-type': form.contentType, ...options.headers },
      payload: form.body,
    });
  };

  /** Runs `act` and says how many requests reached the origin meanwhile (signed or not). */
  const arrivedDuring = async (act: () => Promise<unknown>) => {
    const before = origin.arrived;
    await act();
    return origin.arrived - before;
  };

  it('a file and a field reach the origin, which verifies signature v2 over the multipart body', async () => {
    const pdf = pdfOfSize(5000);
    const res = await send([
      { name: 'comment', data: 'Справка из поликлиники' },
      { name: 'note', filename: 'справка.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode).toBe(200);
    const received = origin.received.at(-1)!;
    expect(received.url).toBe('/notes/medical');
    expect(received.appUserId).toMatch(/.+/);
    expect(received.parts).toEqual([
      expect.objectContaining({ name: 'comment', value: 'Справка из поликлиники' }),
      {
        name: 'note',
        filename: 'справка.pdf',
        type: 'application/pdf',
        bytes: 5000,
        sha256: sha256(pdf),
      },
    ]);
    expect(origin.refused).toBe(0);
  });

  it.each([
    ['image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)])],
    ['text/plain', Buffer.from('Пропуск на кафедру\r\n')],
    ['text/csv', Buffer.from('date,room\n2026-12-01,A-101\n')],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      Buffer.from('PK\x03\x04rest'),
    ],
    ['image/png', pngOfSize(10)],
  ])('a %s file passes when its bytes are that type', async (type, data) => {
    const res = await send([{ name: 'f', filename: 'file', type, data }]);
    expect(res.statusCode).toBe(200);
    expect(origin.received.at(-1)!.parts[0]).toMatchObject({ type, sha256: sha256(data) });
  });

  describe('types refused, and the origin never sees them', () => {
    it.each([
      [
        'an HTML page renamed .pdf',
        'application/pdf',
        '<!DOCTYPE html><script>alert(1)</script>',
        415,
        'file_type_refused',
      ],
      ['an SVG with script as text', 'text/plain', '  <svg onload="alert(1)"/>', 415, 'file_type_refused'],
      ['a UTF-8 BOM then HTML as CSV', 'text/csv', '\ufeff<html><body>', 415, 'file_type_refused'],
      ['a Windows program as PDF', 'application/pdf', 'MZ\x90\x00\x03', 415, 'file_type_refused'],
      ['a Linux program as PNG', 'image/png', '\x7fELF\x02\x01', 415, 'file_type_refused'],
      [
        'a Mach-O program as DOCX',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7]),
        415,
        'file_type_refused',
      ],
      ['a shell script as text', 'text/plain', '#!/bin/sh\nrm -rf /\n', 415, 'file_type_refused'],
      ['a type not on the list', 'application/x-msdownload', '%PDF-1.7', 415, 'file_type_refused'],
      ['a PNG declared as PDF', 'application/pdf', pngOfSize(64), 422, 'file_type_mismatch'],
      ['binary declared as text', 'text/plain', Buffer.from([0x41, 0x00, 0x42]), 422, 'file_type_mismatch'],
    ])('%s', async (_what, type, data, status, code) => {
      let res: Awaited<ReturnType<typeof send>> | undefined;
      const arrived = await arrivedDuring(async () => {
        res = await send([
          { name: 'ok', filename: 'first.pdf', type: 'application/pdf', data: pdfOfSize(100) },
          { name: 'f', filename: 'certificate.pdf', type, data },
        ]);
      });
      expect(res!.statusCode).toBe(status);
      expect(res!.json()).toMatchObject({ ok: false, error: code });
      expect(arrived).toBe(0);
    });

    it('says why in Russian too', async () => {
      const res = await send([{ name: 'f', filename: 'x.pdf', type: 'application/pdf', data: '<html>' }], {
        headers: { 'accept-language': 'ru' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toContain('«x.pdf» отклонён');
    });
  });

  describe('sizes at their edges', () => {
    it('a file of exactly 10 MB passes; one byte more is 413 file_too_large and never reaches the origin', async () => {
      const at = pngOfSize(MAX_UPLOAD_FILE_BYTES);
      const ok = await send([{ name: 'photo', filename: 'a.png', type: 'image/png', data: at }]);
      expect(ok.statusCode).toBe(200);
      expect(origin.received.at(-1)!.parts[0]).toMatchObject({
        bytes: MAX_UPLOAD_FILE_BYTES,
        sha256: sha256(at),
      });
      let over: Awaited<ReturnType<typeof send>> | undefined;
      const arrived = await arrivedDuring(async () => {
        over = await send([
          { name: 'photo', filename: 'b.png', type: 'image/png', data: pngOfSize(MAX_UPLOAD_FILE_BYTES + 1) },
        ]);
      });
      expect(over!.statusCode).toBe(413);
      expect(over!.json()).toMatchObject({
        error: 'file_too_large',
        details: { limit: MAX_UPLOAD_FILE_BYTES },
      });
      expect(arrived).toBe(0);
    });

    /** Three files (10 MB, 10 MB and the rest) making a request of exactly `total` bytes. */
    const requestOf = (total: number) => {
      const files = (third: number) =>
        multipart([
          { name: 'a', filename: 'a.png', type: 'image/png', data: pngOfSize(MAX_UPLOAD_FILE_BYTES) },
          { name: 'b', filename: 'b.png', type: 'image/png', data: pngOfSize(MAX_UPLOAD_FILE_BYTES) },
          { name: 'c', filename: 'c.pdf', type: 'application/pdf', data: pdfOfSize(third) },
        ]);
      const overhead = files(0).body.length;
      return files(total - overhead);
    };

    it('a request of exactly 25 MB passes; one byte more is 413 upload_too_large, declared or counted', async () => {
      const at = requestOf(MAX_UPLOAD_REQUEST_BYTES);
      expect(at.body.length).toBe(MAX_UPLOAD_REQUEST_BYTES);
      expect((await send(at)).statusCode).toBe(200);
      const over = requestOf(MAX_UPLOAD_REQUEST_BYTES + 1);
      const declared = await send(over);
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toMatchObject({ error: 'upload_too_large' });
      // Without a length (a stream), the bytes are counted as they come.
      let counted: Awaited<ReturnType<typeof send>> | undefined;
      const arrived = await arrivedDuring(async () => {
        counted = await send({ body: Readable.from([over.body]), contentType: over.contentType });
      });
      expect(counted!.statusCode).toBe(413);
      expect(counted!.json()).toMatchObject({ error: 'upload_too_large' });
      expect(arrived).toBe(0);
    });
  });

  describe('hostile requests', () => {
    const pdf = [{ name: 'f', filename: 'x.pdf', type: 'application/pdf', data: pdfOfSize(64) }];

    it('no token or a forged one is 401, before anything is read', async () => {
      expect((await send(pdf, { who: null })).statusCode).toBe(401);
      const forged = { ...user, auth: { authorization: `Bearer ${user.token.slice(0, -4)}AAAA` } };
      expect((await send(pdf, { who: forged })).statusCode).toBe(401);
    });

    it('an app session token of another app is 401, and the file is never read or sent', async () => {
      const session = await t.request({
        method: 'POST',
        url: '/api/v1/me/apps/campus/static/session',
        headers: user.auth,
      });
      expect(session.statusCode).toBe(200);
      const elsewhere = { ...user, auth: { authorization: `Bearer ${session.json().token as string}` } };
      const arrived = await arrivedDuring(async () => {
        const res = await send(pdf, { who: elsewhere });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ ok: false, error: 'unauthorized' });
      });
      expect(arrived).toBe(0);
    });

    it('another user reaches the origin as themselves, never as the first user', async () => {
      const other = await t.login('other@uni.example');
      await grant(t, other, 'campus', 'notes', ['identity']);
      expect((await send(pdf)).statusCode).toBe(200);
      const mine = origin.received.at(-1)!.appUserId;
      expect((await send(pdf, { who: other })).statusCode).toBe(200);
      expect(origin.received.at(-1)!.appUserId).not.toBe(mine);
    });

    it.each([
      '/campus/notes/api/../../other/api/x',
      '/campus/notes/api/%2e%2e/%2e%2e/other/api/x',
      '/campus/notes/api/%2e%2e%2f%2e%2e%2fother',
      '/campus/notes/api/a%00b',
    ])('a path leaving the app (%s) is refused, the file unread', async (path) => {
      let res: Awaited<ReturnType<typeof send>> | undefined;
      const arrived = await arrivedDuring(async () => {
        res = await send(pdf, { path });
      });
      // 404 when the client's URL parser already resolved the dots (the path then names no app).
      expect([400, 404]).toContain(res!.statusCode);
      expect(arrived).toBe(0);
    });

    it.each([
      [
        'a NUL in a part name',
        multipart([{ name: 'a\0b', filename: 'x.pdf', type: 'application/pdf', data: '%PDF-' }]),
      ],
      [
        'a NUL in a file name',
        multipart([{ name: 'f', filename: 'x\0.pdf', type: 'application/pdf', data: '%PDF-' }]),
      ],
      ['a NUL in a field name', multipart([{ name: 'a\0', data: 'v' }])],
      ['no boundary', { body: multipart(pdf).body, contentType: 'multipart/form-data' }],
      [
        'a garbled boundary',
        { body: multipart(pdf).body, contentType: 'multipart/form-data; boundary=nope' },
      ],
      ['a body cut off', { ...multipart(pdf), body: multipart(pdf).body.subarray(0, 150) }],
    ])('%s is 400 bad_upload', async (_what, form) => {
      let res: Awaited<ReturnType<typeof send>> | undefined;
      const arrived = await arrivedDuring(async () => {
        res = await send(form);
      });
      expect(res!.statusCode).toBe(400);
      expect(res!.json()).toMatchObject({ ok: false, error: 'bad_upload' });
      expect(arrived).toBe(0);
    });

    it('the same upload twice at once: both arrive whole, each on its own', async () => {
      const data = pdfOfSize(3 * 1024 * 1024);
      const before = origin.received.length;
      const [a, b] = await Promise.all([
        send([{ name: 'f', filename: 'same.pdf', type: 'application/pdf', data }]),
        send([{ name: 'f', filename: 'same.pdf', type: 'application/pdf', data }]),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const got = origin.received.slice(before);
      expect(got).toHaveLength(2);
      for (const request of got)
        expect(request.parts[0]).toMatchObject({ bytes: data.length, sha256: sha256(data) });
    });

    it("a file input left empty (a part with no file name and no bytes) is no file, as a browser's form sends it", async () => {
      const res = await send([
        { name: 'comment', data: 'no scan yet' },
        { name: 'scan', filename: '', type: 'application/octet-stream', data: '' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(origin.received.at(-1)!.parts).toEqual([
        expect.objectContaining({ name: 'comment', value: 'no scan yet' }),
      ]);
    });

    it('an upload to a hosted app is 415: it has nowhere to keep files', async () => {
      const res = await send(pdf, { path: '/campus/static/api/files' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ error: 'unsupported_media_type' });
    });

    it('leaves no spooled file behind', async () => {
      // A refused upload's file is removed once its stream has closed, which may be just after the answer.
      await vi.waitFor(() => expect(leftovers()).toEqual([]), { timeout: 2000 });
    });
  });
});
