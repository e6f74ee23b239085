// The host kit against the app-path corpus: a hostile path is `bad_path` before anything is sent, a legitimate one
// reaches the platform under the app's own proxy prefix, re-encoded segment by segment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileAppPaths, legitimateAppPaths } from '../../schema/test/app-path-corpus.js';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { type Host, proxyPath } from '../src/index.js';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

const PREFIX = '/functions/v1/miniapp-proxy/acme/menu/';

describe('app paths in the host kit', () => {
  let p: HostPlatform;
  let sent: URL[];
  let host: Host;
  beforeAll(async () => {
    p = await startHostPlatform();
    const dev = await p.t.login('dev@uni.example');
    const home = [{ path: '/', json: { type: 'screen', children: [] } }];
    await hostedApp(p.t, dev, { org: 'acme', slug: 'menu', live: home });
    sent = [];
    const recording: typeof fetch = (input, init) => {
      sent.push(new URL(String(input)));
      return fetch(input, init);
    };
    host = p.hostFor(p.user, { fetch: recording });
  });
  afterAll(async () => p?.close());

  it.each(hostileAppPaths)('%j is bad_path for screens and API calls, and nothing is sent', async (path) => {
    const before = sent.length;
    expect(() => proxyPath('acme/menu', 'api', path)).toThrow(expect.objectContaining({ code: 'bad_path' }));
    await expect(host.proxy.screen('acme/menu', path)).rejects.toMatchObject({ code: 'bad_path', status: 0 });
    for (const method of ['GET', 'POST'] as const) {
      await expect(
        host.proxy.api('acme/menu', { method, url: path, body: { name: 'x' } }),
      ).rejects.toMatchObject({
        code: 'bad_path',
        details: { path: expect.any(String), problem: expect.any(String) },
      });
    }
    expect(sent.length).toBe(before);
  });

  it.each(legitimateAppPaths)('%j is sent under the app’s prefix', async (path) => {
    const proxied = () => sent.filter((url) => url.pathname.startsWith('/functions/'));
    const before = proxied().length;
    await host.proxy.api('acme/menu', { method: 'GET', url: path }).catch(() => undefined);
    // The first call also exchanges the user's token for the app's session token (under /api/v1/me/apps/…).
    expect(proxied().length).toBe(before + 1);
    const url = proxied().at(-1) as URL;
    expect(url.pathname.startsWith(`${PREFIX}api/`)).toBe(true);
    expect(url.origin).toBe(new URL(p.baseUrl).origin);
  });

  it('re-encodes each segment, so what is sent is what was checked', () => {
    expect(proxyPath('acme/menu', 'api', '/caf%C3%A9/a b?x=1&y=%2F')).toBe(
      `${PREFIX}api/caf%C3%A9/a%20b?x=1&y=%2F`,
    );
    expect(proxyPath('acme/menu', 'screen', '/')).toBe(`${PREFIX}screen/`);
    expect(proxyPath('acme/menu', 'strings', '')).toBe(`${PREFIX}strings`);
    expect(proxyPath('acme/menu', 'api', '/a:b@c;d')).toBe(`${PREFIX}api/a:b@c;d`);
  });

  it('an app named with dots is refused before a URL is made', () => {
    for (const ref of ['../menu', 'acme/..', './x', 'acme/.'])
      expect(() => proxyPath(ref, 'api', '/')).toThrow(expect.objectContaining({ code: 'bad_argument' }));
  });

  it('a storage key "." or ".." is bad_path; keys with dots inside them still work', async () => {
    const storage = host.storage;
    const before = sent.length;
    for (const key of ['.', '..', '...']) {
      await expect(storage.set('acme/menu', key, true)).rejects.toMatchObject({ code: 'bad_path' });
      await expect(storage.remove('acme/menu', key)).rejects.toMatchObject({ code: 'bad_path' });
    }
    expect(sent.length).toBe(before);
    await storage.set('acme/menu', 'a..b', 1);
    await storage.set('acme/menu', '.hidden', 2);
    expect(await storage.all('acme/menu')).toMatchObject({ 'a..b': 1, '.hidden': 2 });
  });
});
