// A table-driven corpus of hostile origins, resolutions and paths, sent through the real proxy: all refused, none called.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileAppPaths, legitimateAppPaths } from '../../schema/test/app-path-corpus.js';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { forcedRemoteApp, hostedApp, PROXY, remoteApp } from './helpers/proxy-apps.js';

/** Origins a registration would refuse, written straight into app records: the proxy must refuse them too. */
const hostileOrigins = [
  'https://127.0.0.1',
  'https://127.0.0.1:8443',
  'https://2130706433',
  'https://0x7f000001',
  'https://0177.0.0.1',
  'https://0177.0000.0000.0001',
  'https://0x7f.0x0.0x0.0x1',
  'https://127.1',
  'https://127.0.1',
  'https://0x7f.1',
  'https://0',
  'https://0.0.0.0',
  'https://%31%32%37.0.0.1',
  'https://１２７.０.０.１',
  'https://[::1]',
  'https://[::]',
  'https://[::ffff:127.0.0.1]',
  'https://[::ffff:7f00:1]',
  'https://[0:0:0:0:0:ffff:127.0.0.1]',
  'https://[::ffff:a9fe:a9fe]',
  'https://[fe80::1]',
  'https://[fd00::1]',
  'https://[64:ff9b::7f00:1]',
  'https://10.0.0.1',
  'https://192.168.1.1',
  'https://172.16.0.1',
  'https://169.254.169.254',
  'https://100.64.0.1',
  'https://localhost',
  'https://LOCALHOST',
  'https://localhost.',
  'https://api.localhost',
  'https://printer.local',
  'https://printer.local.',
  'https://db.internal',
  'https://metadata.google.internal',
  'https://intranet',
  'https://metadata',
  'http://origin.test',
  'ftp://origin.test',
  'https://user:pw@origin.test',
  'https://platform.example',
  'https://api.platform.example',
  'https://redis.corp.example',
  'https://cache.redis.corp.example',
  'javascript:alert(1)',
  'not a url',
];

/** Names that look fine but resolve (through EGRESS_HOSTS) to addresses outside the allowed range. */
const hostileResolutions: Array<[string, string]> = [
  ['loop2.test', '127.0.0.2'],
  ['loopv6.test', '::1'],
  ['mapped.test', '::ffff:127.0.0.2'],
  ['127.0.0.1.nip.io', '127.0.0.3'],
  ['zero.test', '0.0.0.0'],
  // IPv6 spellings and tunnels of loopback addresses outside the allowed 127.0.0.1/32.
  ['compat.test', '::7f00:2'],
  ['translated.test', '::ffff:0:7f00:2'],
  ['nat64-local.test', '64:ff9b:1::7f00:2'],
  ['teredo.test', '2001:0:4136:e378:8000:63bf:80ff:fffd'],
  ['isatap.test', '2606:4700::5efe:7f00:2'],
];

/** Paths that could climb out of the origin or confuse it. */
const hostilePaths = [
  '/..',
  '/../etc/passwd',
  '/a/../../b',
  '/%2e%2e/x',
  '/%2E%2E/x',
  '/%2e./x',
  '/.%2e/x',
  '/%2E./x',
  '/..%2fetc',
  '/..%2Fetc',
  '/%2e%2e%2fetc',
  '/%252e%252e/x',
  '/%25252e%25252e/x',
  '/%2525252e%2525252e/x',
  '/%252525252e%252525252e/x',
  '/..%5cetc',
  '/a%5c..%5cb',
  '/a%5cb',
  '/%00',
  '/a%0d%0aSet-Cookie:%20x=1',
  '//evil.example/x',
  '/%2f%2fevil.example',
  '/./x',
  '/a/./b',
  '/a/.',
  '/.',
  '/%2e/x',
  '/a/%2e',
  '/files/report..pdf',
  '/%c0%ae%c0%ae/x',
  '/a%2',
  '/a%zz',
  `/${'a'.repeat(2049)}`,
];

/**
 * An app-path corpus entry as a client could put it on the wire: what HTTP cannot carry (control characters,
 * non-ASCII, spaces) percent-encoded as UTF-8, the rest byte for byte, `#` and `\` included.
 */
function onTheWire(path: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this encodes
  return path.replace(/[\u0000-\u0020\u007f-\uffff]/g, (c) => encodeURIComponent(c));
}

describe.each(dialects)('hostile corpus through the proxy on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let user: SignedIn;
  let base: string;

  beforeAll(async () => {
    const certs = testCertificates();
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, {
      EGRESS_HOSTS: ['origin.test=127.0.0.1', ...hostileResolutions.map(([n, a]) => `${n}=${a}`)].join(','),
      EGRESS_ALLOW_RANGES: '127.0.0.1/32',
      NODE_EXTRA_CA_CERTS: certs.caFile,
      PUBLIC_URL: 'https://platform.example',
      INTERNAL_HOSTS: 'redis.corp.example',
    });
    base = await t.listen();
    const dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    await remoteApp(t, dev, { org: 'acme', slug: 'good', origin: `https://origin.test:${origin.port}` });
    await hostedApp(t, dev, {
      org: 'acme',
      slug: 'hosted',
      live: [{ path: '/', json: { type: 'screen', children: [] } }],
    });
    for (const [i, hostile] of hostileOrigins.entries())
      await forcedRemoteApp(t, dev, 'acme', `bad-${i}`, hostile);
    for (const [i, [name]] of hostileResolutions.entries()) {
      await forcedRemoteApp(t, dev, 'acme', `rebind-${i}`, `https://${name}:${origin.port}`);
    }
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  /** Sends the path byte for byte over a real socket (no client normalizes it). */
  const rawGet = (path: string, method = 'GET', who = user) =>
    new Promise<{ status: number; body: { error?: string } }>((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const req = httpRequest({ hostname, port, path, method, headers: who.auth }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(method === 'PUT' ? '1' : undefined);
    });

  // The app-path corpus shared with the validator, the renderer and the host kit (packages/schema/test).
  it.each(hostileAppPaths.map((path, i) => [path, i] as const))(
    'app path %j is 400 bad_path on every route of an app, before any call',
    async (path, i) => {
      // A user per case: the corpus sent by one would pass the proxy's 180 requests a minute.
      const who = await t.login(`app-path-${i}@uni.example`);
      const before = origin.requests.length;
      const routes: Array<[string, string]> = [
        ['GET', 'good/screen'],
        ['POST', 'good/api'],
        ['GET', 'hosted/screen'],
        ['GET', 'hosted/api'],
        ['PUT', 'hosted/storage'],
      ];
      for (const [method, route] of routes) {
        const res = await rawGet(`${PROXY}/acme/${route}${onTheWire(path)}`, method, who);
        expect([res.status, res.body.error], `${method} ${route} ${path}`).toEqual([400, 'bad_path']);
      }
      expect(origin.requests.length).toBe(before);
    },
  );

  it.each(legitimateAppPaths)('app path %j reaches the origin as sent', async (path) => {
    const res = await rawGet(`${PROXY}/acme/good/api${onTheWire(path)}`);
    if (path.split('?')[0]?.includes('..')) {
      // Stricter than the app-path rule: the contract refuses any ".." on the way to an origin (docs/decisions.md).
      expect([res.status, res.body.error]).toEqual([400, 'bad_path']);
      return;
    }
    expect(res.status, path).toBe(200);
    expect(origin.requests.at(-1)?.url).toBe(onTheWire(path));
  });

  it('the corpus holds at least 60 cases', () => {
    expect(hostileOrigins.length + hostileResolutions.length + hostilePaths.length).toBeGreaterThanOrEqual(
      60,
    );
  });

  it('the good app works, so the refusals below are about their input', async () => {
    const res = await rawGet(`${PROXY}/acme/good/api/fine`);
    expect(res.status).toBe(200);
  });

  it.each(hostileOrigins.map((o, i) => [o, i]))('origin %s is 403 forbidden_origin', async (_origin, i) => {
    const before = origin.requests.length;
    const res = await rawGet(`${PROXY}/acme/bad-${i}/api/x`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden_origin');
    expect(origin.requests.length).toBe(before);
  });

  it.each(hostileResolutions.map(([n, a], i) => [n, a, i]))(
    '%s resolving to %s is 403 forbidden_origin, never connected',
    async (_name, _address, i) => {
      const connections = origin.connections;
      const res = await rawGet(`${PROXY}/acme/rebind-${i}/screen/`);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('forbidden_origin');
      expect(origin.connections).toBe(connections);
    },
  );

  it.each(hostilePaths)('path %s is 400 bad_path before any call', async (path) => {
    const before = origin.requests.length;
    for (const kind of ['screen', 'api']) {
      const res = await rawGet(`${PROXY}/acme/good/${kind}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe('bad_path');
    }
    expect(origin.requests.length).toBe(before);
  });

  it('paths that only look unusual pass: dots inside names, encoded slashes and spaces, unicode', async () => {
    for (const path of [
      '/v1.2/file.json',
      '/a%2Fb',
      '/with%20space',
      '/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82',
      '/.well-known/x',
      '/a/b.',
      '/a/.b/c',
      '/x.',
    ]) {
      const res = await rawGet(`${PROXY}/acme/good/api${path}`);
      expect(res.status, path).toBe(200);
      expect(origin.requests.at(-1)?.url).toBe(path);
    }
  });
});
