// The proxy's document route (openDocument): a remote app's PDF, image, text, CSV or Office file streamed with the
// API's identity headers and signatures, its type checked against its bytes, 10 MB at most, always a download.
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { MAX_DOCUMENT_BYTES } from '@miniapps/contract';
import { verifyRequest } from '@miniapps/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { hostedApp, originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A PDF of exactly `bytes` bytes. */
const pdfOfSize = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length, 0x20)]);

interface Sent {
  type: string;
  body: Buffer;
  /** Sent without Content-Length, in 64 KB chunks. */
  chunked?: boolean;
  status?: number;
  encoding?: string;
}

/** The document each path answers, by the path after /doc/. */
const documents: Record<string, Sent> = {
  'certificate.pdf': { type: 'application/pdf', body: PDF },
  'photo.png': { type: 'image/png', body: PNG },
  'photo.jpg': { type: 'image/jpeg', body: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]) },
  'grades.csv': { type: 'text/csv', body: Buffer.from('name,grade\nАнна,5\n') },
  'notes.txt': { type: 'text/plain; charset=utf-8', body: Buffer.from('\ufeffHello, world\n') },
  'letter.docx': { type: DOCX, body: ZIP },
  'sheet.xlsx': { type: XLSX, body: ZIP },
  'page.html': { type: 'text/html', body: Buffer.from('<!doctype html><script>alert(1)</script>') },
  'disguised.pdf': { type: 'application/pdf', body: Buffer.from('<html><script>alert(1)</script></html>') },
  'html-as-text.txt': { type: 'text/plain', body: Buffer.from('  <html><body>hi</body></html>') },
  'binary-as-text.txt': { type: 'text/plain', body: Buffer.from([0x41, 0x00, 0x42]) },
  'png-as-pdf.pdf': { type: 'application/pdf', body: PNG },
  'untyped.pdf': { type: '', body: PDF },
  'gzipped.pdf': { type: 'application/pdf', body: PDF, encoding: 'gzip' },
  'missing.pdf': { type: 'application/json', body: Buffer.from('{"ok":false}'), status: 404 },
  'at-limit.pdf': { type: 'application/pdf', body: pdfOfSize(MAX_DOCUMENT_BYTES) },
  'over-limit.pdf': { type: 'application/pdf', body: pdfOfSize(MAX_DOCUMENT_BYTES + 1) },
  'at-limit-chunked.pdf': { type: 'application/pdf', body: pdfOfSize(MAX_DOCUMENT_BYTES), chunked: true },
  'over-limit-chunked.pdf': {
    type: 'application/pdf',
    body: pdfOfSize(MAX_DOCUMENT_BYTES + 1),
    chunked: true,
  },
};

describe.each(dialects)('proxy document route on %s', (dialect) => {
  let t: TestPlatform;
  let origin: Server;
  let dev: SignedIn;
  let user: SignedIn;
  let secret: string;
  const received: Array<{ url: string; headers: Record<string, string> }> = [];

  beforeAll(async () => {
    const certs = testCertificates();
    origin = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
      received.push({ url: req.url ?? '', headers: req.headers as Record<string, string> });
      const name = decodeURIComponent((req.url ?? '').split('?')[0]!.replace(/^\/doc\//, ''));
      const sent = documents[name];
      if (!sent) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"ok":false}');
        return;
      }
      const headers: Record<string, string | number> = {};
      if (sent.type) headers['content-type'] = sent.type;
      if (sent.encoding) headers['content-encoding'] = sent.encoding;
      if (!sent.chunked) headers['content-length'] = sent.body.length;
      res.writeHead(sent.status ?? 200, headers);
      if (!sent.chunked) return void res.end(sent.body);
      for (let at = 0; at < sent.body.length; at += 64 * 1024)
        res.write(sent.body.subarray(at, at + 64 * 1024));
      res.end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const port = (origin.address() as AddressInfo).port;
    t = await startTestPlatform(dialect, originEnv(certs.caFile));
    dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    await remoteApp(t, dev, { org: 'acme', slug: 'docs', origin: `https://origin.test:${port}` });
    await remoteApp(t, dev, { org: 'acme', slug: 'other', origin: `https://origin.test:${port}` });
    await hostedApp(t, dev, { org: 'acme', slug: 'static', live: [{ path: '/', json: { type: 'screen' } }] });
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/orgs/acme/apps/docs/signing-secret',
      headers: dev.auth,
    });
    secret = made.json().secret;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => origin?.close(resolve));
  });

  let listeningAt: string | undefined;
  /** The platform on a real socket, started once. */
  const listening = async () => {
    listeningAt ??= await t.listen();
    return listeningAt;
  };
  const get = (path: string, who: SignedIn = user, slug = 'docs') =>
    t.request({ method: 'GET', url: `${PROXY}/acme/${slug}/document${path}`, headers: who.auth });
  const expectRefused = async (path: string, status: number, error: string) => {
    const res = await get(path);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(res.json()).toMatchObject({ ok: false, error });
    expect(res.headers['content-disposition']).toBeUndefined();
  };

  it('answers each allowed type as a download, with its name, nosniff and the signed identity headers', async () => {
    for (const [name, type] of [
      ['certificate.pdf', 'application/pdf'],
      ['photo.png', 'image/png'],
      ['photo.jpg', 'image/jpeg'],
      ['grades.csv', 'text/csv; charset=utf-8'],
      ['notes.txt', 'text/plain; charset=utf-8'],
      ['letter.docx', DOCX],
      ['sheet.xlsx', XLSX],
    ] as const) {
      const res = await get(`/doc/${name}?lang=en`);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${name}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(documents[name]!.body)).toBe(true);
    }
    const sent = received.at(-1)!;
    expect(sent.url).toBe('/doc/sheet.xlsx?lang=en');
    expect(sent.headers['x-platform-app-user']).toMatch(/\S/);
    const verified = verifyRequest(sent.headers, {
      secret,
      request: { method: 'GET', target: sent.url, body: undefined },
      requireV2: true,
    });
    expect(verified).toMatchObject({ ok: true, version: 2 });
  });

  it('serves the same document asked twice at once to both, whole', async () => {
    const both = await Promise.all([get('/doc/certificate.pdf'), get('/doc/certificate.pdf')]);
    for (const res of both) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(documents['certificate.pdf']!.body)).toBe(true);
    }
  });

  it('names a download by its decoded last segment, in UTF-8 (RFC 8187)', async () => {
    documents['справка (1).pdf'] = { type: 'application/pdf', body: PDF };
    const res = await get(`/doc/${encodeURIComponent('справка (1).pdf')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''%D1%81%D0%BF%D1%80%D0%B0%D0%B2%D0%BA%D0%B0%20%281%29.pdf`,
    );
  });

  it('refuses HTML, a disguised type, binary as text, no type, compression and an error answer: 502 origin_bad_document', async () => {
    for (const name of [
      'page.html',
      'disguised.pdf',
      'html-as-text.txt',
      'binary-as-text.txt',
      'png-as-pdf.pdf',
      'untyped.pdf',
      'gzipped.pdf',
      'missing.pdf',
    ])
      await expectRefused(`/doc/${name}`, 502, 'origin_bad_document');
  });

  it('passes exactly 10 MB and refuses one byte more, by its length before reading or as it streams', async () => {
    for (const name of ['at-limit.pdf', 'at-limit-chunked.pdf']) {
      const res = await get(`/doc/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.rawPayload.length).toBe(MAX_DOCUMENT_BYTES);
    }
    await expectRefused('/doc/over-limit.pdf', 502, 'origin_too_large');
  });

  it('cuts a streamed document off past 10 MB: the client never gets a whole file', async () => {
    const base = await listening();
    const res = await fetch(`${base}${PROXY}/acme/docs/document/doc/over-limit-chunked.pdf`, {
      headers: user.auth,
    });
    // The head went out with the first bytes; the rest breaks off at the cap.
    expect(res.status).toBe(200);
    let got = 0;
    await expect(
      (async () => {
        for await (const chunk of res.body!) got += (chunk as Uint8Array).length;
      })(),
    ).rejects.toThrow();
    expect(got).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
  });

  it('confines the path to the app: dot segments, encoded or not, and a NUL are 400 bad_path before any call', async () => {
    const base = new URL(await listening());
    // Sent byte for byte over a socket: fetch() and inject would resolve the dot segments themselves.
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: base.hostname,
            port: base.port,
            path: `${PROXY}/acme/docs/document${path}`,
            headers: user.auth,
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const before = received.length;
    for (const path of [
      '/doc/../../admin',
      '/doc/%2e%2e/%2e%2e/admin',
      '/doc/.%2E/x',
      '/doc/%252e%252e/x',
      '/doc/..%2fx',
      '/doc/a%00.pdf',
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toMatchObject({ ok: false, error: 'bad_path' });
    }
    expect(received.length).toBe(before);
  });

  it('needs a token, and a token of another app opens none of its documents', async () => {
    const anonymous = await t.request({
      method: 'GET',
      url: `${PROXY}/acme/docs/document/doc/certificate.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
    const session = await t.request({
      method: 'POST',
      url: '/api/v1/me/apps/acme/other/session',
      headers: user.auth,
      payload: {},
    });
    expect(session.statusCode, session.body).toBe(200);
    const elsewhere = await t.request({
      method: 'GET',
      url: `${PROXY}/acme/docs/document/doc/certificate.pdf`,
      headers: { authorization: `Bearer ${session.json().token}` },
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toMatchObject({ ok: false, error: 'unauthorized' });
    expect(elsewhere.headers['content-disposition']).toBeUndefined();
    // Another user's token is theirs: the origin is told who asked, never the token's owner as someone else.
    const stranger = await t.login('stranger@uni.example');
    const theirs = await get('/doc/certificate.pdf', stranger);
    expect(theirs.statusCode).toBe(200);
    const mine = await get('/doc/certificate.pdf', user);
    expect(mine.statusCode).toBe(200);
    const [a, b] = received.slice(-2).map((r) => r.headers['x-platform-app-user']);
    expect(a).not.toBe(b);
  });

  it('hosted apps have no documents: 404 no_backend; other methods 405', async () => {
    const res = await get('/doc/certificate.pdf', user, 'static');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'no_backend' });
    const post = await t.request({
      method: 'POST',
      url: `${PROXY}/acme/docs/document/doc/certificate.pdf`,
      headers: user.auth,
    });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET');
  });
});
