// The proxy's own HTTP entry: what a client sees over a real socket, where the server skips Fastify for proxy URLs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitUrl } from '../src/proxy/front/http-entry.js';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const ROUTE = 'route="/functions/v1/miniapp-proxy/:org/:slug/api/*"';

describe.each(dialects)('the proxy entry over a real socket on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let user: SignedIn;
  let base: string;

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile));
    const dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    await remoteApp(t, dev, { org: 'acme', slug: 'notes', origin: `https://origin.test:${origin.port}` });
    base = await t.listen();
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${PROXY}${path}`, {
      ...init,
      headers: { ...user.auth, ...(init.headers as Record<string, string> | undefined) },
    });
  /** The request-duration histogram's count for one status of the proxy's api route. */
  const counted = async (status: number, method = 'GET') => {
    const text = await (await fetch(`${base}/metrics`)).text();
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('http_request_duration_seconds_count{') &&
          l.includes(`method="${method}"`) &&
          l.includes(ROUTE) &&
          l.includes(`status="${status}"`),
      );
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  it("answers with the origin's JSON, private to the user, and counts the request once", async () => {
    const before = await counted(200);
    const res = await call('/acme/notes/api/items?page=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.text();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(JSON.parse(body)).toBeTypeOf('object');
    expect(origin.requests.at(-1)?.url).toBe('/items?page=2');
    expect(await counted(200)).toBe(before + 1);
  });

  it("passes the origin's UTF-8 answer byte for byte, with its length in bytes", async () => {
    const text = 'Привет, мир ✓ 😀 «ü»';
    const res = await call('/acme/notes/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: text,
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(JSON.parse(bytes.toString('utf8')).body).toBe(text);
    expect(bytes.includes(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('counts a request made through Fastify (inject) once too', async () => {
    const before = await counted(200);
    const res = await t.request({ method: 'GET', url: `${PROXY}/acme/notes/api/items`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(await counted(200)).toBe(before + 1);
  });

  it('errors come in the envelope with their headers: 401, 405 with Allow, 404, app_not_found', async () => {
    const anonymous = await fetch(`${base}${PROXY}/acme/notes/api/items`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
    expect(await anonymous.json()).toMatchObject({ ok: false, error: 'unauthorized' });

    const options = await call('/acme/notes/api/items', { method: 'OPTIONS' });
    expect(options.status).toBe(405);
    expect(options.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(await options.json()).toMatchObject({ ok: false, error: 'method_not_allowed' });

    const screenPost = await call('/acme/notes/screen/', { method: 'POST', body: '{}' });
    expect(screenPost.status).toBe(405);
    expect(screenPost.headers.get('allow')).toBe('GET');

    const head = await call('/acme/notes/api/items', { method: 'HEAD' });
    expect(head.status).toBe(405);
    expect(await head.text()).toBe('');

    const unknownKind = await call('/acme/notes/files/x');
    expect(unknownKind.status).toBe(404);
    expect(await unknownKind.json()).toMatchObject({ ok: false, error: 'not_found' });

    const badSlug = await call('/acme/No_Such/api/x');
    expect(badSlug.status).toBe(404);
    expect(await badSlug.json()).toMatchObject({ ok: false, error: 'app_not_found' });

    // fetch() would resolve a "%2e%2e" segment itself; "..%2f" reaches the server as sent.
    const climbing = await call('/acme/notes/api/a/..%2fb');
    expect(climbing.status).toBe(400);
    expect(await climbing.json()).toMatchObject({ ok: false, error: 'bad_path' });
  });

  it('passes a body of exactly 512 KB byte for byte, and refuses one byte more with 413', async () => {
    const limit = 512 * 1024;
    const exact = Buffer.alloc(limit, 'a');
    const ok = await call('/acme/notes/api/status/200', {
      method: 'POST',
      body: exact,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(ok.status).toBe(200);
    expect(origin.requests.at(-1)?.body.length).toBe(limit);
    expect(origin.requests.at(-1)?.headers['content-type']).toBe('application/octet-stream');

    const seen = origin.requests.length;
    const over = await call('/acme/notes/api/upload', { method: 'POST', body: Buffer.alloc(limit + 1, 'a') });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ ok: false, error: 'payload_too_large' });
    expect(origin.requests.length).toBe(seen);
  });

  it('refuses a body over 512 KB sent without a length (chunked) while reading it', async () => {
    const seen = origin.requests.length;
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 9; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(98));
        controller.close();
      },
    });
    const over = await call('/acme/notes/api/upload', {
      method: 'PUT',
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ ok: false, error: 'payload_too_large' });
    expect(origin.requests.length).toBe(seen);
  });
});

describe('the proxy URL', () => {
  it.each([
    ['/acme/notes/api/items/7?page=2&q=a/b', ['acme', 'notes', 'api', '/items/7', 'page=2&q=a/b']],
    ['/acme/notes/screen/', ['acme', 'notes', 'screen', '/', '']],
    ['/acme/notes/screen', ['acme', 'notes', 'screen', '/', '']],
    ['/acme/notes/api//x/%2e%2e/', ['acme', 'notes', 'api', '//x/%2e%2e/', '']],
    ['/acme/notes?x=/a/b/c', ['acme', 'notes', '', '/', 'x=/a/b/c']],
    ['/acme', ['acme', '', '', '/', '']],
    ['/', ['', '', '', '/', '']],
    ['?', ['', '', '', '/', '']],
  ])('%s splits into org, slug, kind, raw path and raw query', (rest, parts) => {
    const { org, slug, kind, rawPath, rawQuery } = splitUrl(`${PROXY}${rest}`);
    expect([org, slug, kind, rawPath, rawQuery]).toEqual(parts);
  });
});
