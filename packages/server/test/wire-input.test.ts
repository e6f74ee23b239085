// Requests node's HTTP parser refuses before any route sees them (NUL in a header or the request line, headers
// too large): the platform's envelope with its code and the security headers, not Fastify's bare body.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '../src/http/security-headers.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

/** Sends raw bytes and reads until the server closes the connection. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (chunk) => {
      out += chunk;
    });
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('requests the HTTP parser refuses', () => {
  let t: TestPlatform;
  let port: number;

  beforeAll(async () => {
    t = await startTestPlatform('sqlite', { PUBLIC_URL: 'https://miniapps.example' });
    port = Number(new URL(await t.listen()).port);
  });
  afterAll(() => t.close());

  const request = (line: string, headers: string) =>
    raw(port, `${line}\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`);

  it('answers a NUL in a header 400 bad_request in the envelope, on an API route and on the proxy', async () => {
    for (const line of [
      'GET /api/v1/me HTTP/1.1',
      'GET /functions/v1/miniapp-proxy/acme/app/screen/ HTTP/1.1',
    ]) {
      const res = parse(await request(line, 'Authorization: Bearer a\u0000b\r\n'));
      expect(res.status, line).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: 'bad_request' });
      expect(res.body.message).toContain('NUL');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe(HSTS);
    }
  });

  it('answers a NUL in the request line 400 bad_request', async () => {
    const res = parse(await request('GET /api/v1/catalog?q=\u0000 HTTP/1.1', ''));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'bad_request' });
  });

  it('answers headers over the parser limit 431 headers_too_large', async () => {
    const res = parse(await request('GET /api/v1/me HTTP/1.1', `X-Big: ${'a'.repeat(20_000)}\r\n`));
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ ok: false, error: 'headers_too_large' });
  });
});
