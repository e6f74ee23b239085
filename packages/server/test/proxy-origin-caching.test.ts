// Remote screens through the proxy: cached only as far as the origin's Cache-Control allows (private, at most
// MAX_ORIGIN_CACHE_SECONDS), the origin's ETag kept per user, If-None-Match forwarded (signed as any request) and 304s relayed.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { MAX_ORIGIN_CACHE_SECONDS } from '@miniapps/contract';
import { verifyRequest } from '@miniapps/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedTags, noneMatch } from '../src/http/cacheable.js';
import { boundedCacheControl, originCondition } from '../src/proxy/steps/origin-caching.js';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';

const REMOTE_VARY =
  'Authorization, Accept-Language, X-Miniapps-Preview, X-Miniapps-Start-Param, X-Miniapps-Launch-Source';

/** What the origin received of one request, and whether its signature (v2, required) held. */
interface Received {
  url: string;
  ifNoneMatch: string | undefined;
  verified: boolean;
  appUser: string | undefined;
}

/**
 * An origin whose screens are `/<cache-control>/<etag>` (each URL-encoded, `-` for none): it answers the screen
 * with those headers, or 304 with them when If-None-Match names the tag (weakly), as an origin should. `/unasked-304`
 * answers 304 to anything; every body names the pseudonymous user it was made for.
 */
async function startCachingOrigin(secret: () => string) {
  const received: Received[] = [];
  const server: Server = createServer(testCertificates(), (req, res) => {
    const url = req.url ?? '/';
    const verified = verifyRequest(req.headers, {
      secret: secret(),
      requireV2: true,
      request: { method: req.method ?? 'GET', target: url },
    }).ok;
    const appUser = req.headers['x-platform-app-user'] as string | undefined;
    received.push({ url, ifNoneMatch: req.headers['if-none-match'], verified, appUser });
    if (url === '/unasked-304') {
      res.writeHead(304).end();
      return;
    }
    const [control = '-', etag = '-'] = url.slice(1).split('/').map(decodeURIComponent);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (control !== '-') headers['cache-control'] = control;
    if (etag !== '-') headers.etag = etag;
    if (etag !== '-' && !noneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    res
      .writeHead(200, headers)
      .end(JSON.stringify({ type: 'screen', title: `for ${appUser}`, children: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the origin’s Cache-Control, bounded', () => {
  it.each([
    [undefined, 'private, no-store'],
    ['', 'private, no-store'],
    ['no-store', 'private, no-store'],
    ['max-age=60, no-store', 'private, no-store'],
    ['public', 'private, no-store'],
    ['private', 'private, no-store'],
    ['s-maxage=600', 'private, no-store'],
    ['no-cache', 'private, no-cache'],
    ['max-age=600, no-cache="set-cookie"', 'private, no-cache'],
    ['max-age=soon', 'private, no-cache'],
    ['max-age=0', 'private, max-age=0'],
    ['public, max-age=60, must-revalidate', 'private, max-age=60'],
    ['Max-Age="120"', 'private, max-age=120'],
    ['max-age=90, max-age=30', 'private, max-age=30'],
    [`max-age=${MAX_ORIGIN_CACHE_SECONDS}`, `private, max-age=${MAX_ORIGIN_CACHE_SECONDS}`],
    [`max-age=${MAX_ORIGIN_CACHE_SECONDS + 1}`, `private, max-age=${MAX_ORIGIN_CACHE_SECONDS}`],
    ['max-age=99999999999999999999999', `private, max-age=${MAX_ORIGIN_CACHE_SECONDS}`],
  ])('%j → %s', (value, expected) => {
    expect(boundedCacheControl(value)).toBe(expected);
  });
});

describe('If-None-Match', () => {
  it('lists tags in their strong form, `*` as itself, and nothing for a malformed value', () => {
    expect(listedTags('"a", W/"b" ,,"c,d"')).toEqual(['"a"', '"b"', '"c,d"']);
    expect(listedTags(' * ')).toBe('*');
    for (const bad of ['a', '"a" "b"', '"a', 'W/ "a"', '"a"b', '"é"', '', ' , ']) {
      expect(listedTags(bad), bad).toBeUndefined();
    }
  });

  it('forwards to the origin only the tags made under the mark, as the origin made them', () => {
    expect(originCondition('"m.x", W/"m.y", "n.z", "x"', 'm')).toBe('"x", "y"');
    expect(originCondition('"n.z"', 'm')).toBeUndefined();
    expect(originCondition('*', 'm')).toBe('*');
    expect(originCondition(undefined, 'm')).toBeUndefined();
  });
});

describe.each(dialects)('remote screens and caching on %s', (dialect) => {
  let t: TestPlatform;
  let origin: Awaited<ReturnType<typeof startCachingOrigin>>;
  let dev: SignedIn;
  let ann: SignedIn;
  let ben: SignedIn;
  let secret = 'not-made-yet';

  beforeAll(async () => {
    origin = await startCachingOrigin(() => secret);
    t = await startTestPlatform(dialect, {
      ...originEnv(testCertificates().caFile),
      CORS_ORIGINS: 'https://host.example',
    });
    dev = await t.login('dev@uni.example');
    ann = await t.login('ann@uni.example');
    ben = await t.login('ben@uni.example');
    await remoteApp(t, dev, { org: 'campus', slug: 'news', origin: `https://origin.test:${origin.port}` });
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/orgs/campus/apps/news/signing-secret',
      headers: dev.auth,
    });
    secret = made.json().secret as string;
  });
  afterAll(async () => {
    await t?.close();
    await origin?.close();
  });

  /** A screen whose origin answers with this Cache-Control and ETag. */
  const screenOf = (control: string, etag = '-') =>
    `${PROXY}/campus/news/screen/${encodeURIComponent(control)}/${encodeURIComponent(etag)}`;
  const get = (url: string, who: SignedIn, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers: { ...who.auth, ...headers } });
  const last = () => origin.received.at(-1)!;

  it('keeps no-store when the origin says nothing or no-store', async () => {
    for (const control of ['-', 'no-store', 'max-age=60, no-store']) {
      const res = await get(screenOf(control), ann);
      expect(res.statusCode, control).toBe(200);
      expect(res.headers['cache-control'], control).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it(`keeps the origin's max-age up to ${MAX_ORIGIN_CACHE_SECONDS} s, at the limit and one past it, always private`, async () => {
    const cases: [string, string][] = [
      ['public, max-age=60', 'private, max-age=60'],
      [`max-age=${MAX_ORIGIN_CACHE_SECONDS}`, `private, max-age=${MAX_ORIGIN_CACHE_SECONDS}`],
      [`public, max-age=${MAX_ORIGIN_CACHE_SECONDS + 1}`, `private, max-age=${MAX_ORIGIN_CACHE_SECONDS}`],
      ['public, s-maxage=3600, max-age=86400', `private, max-age=${MAX_ORIGIN_CACHE_SECONDS}`],
      ['no-cache', 'private, no-cache'],
    ];
    for (const [control, expected] of cases) {
      const res = await get(screenOf(control), ann);
      expect(res.statusCode, control).toBe(200);
      expect(res.headers['cache-control'], control).toBe(expected);
      expect(res.headers.vary, control).toBe(REMOTE_VARY);
    }
  });

  it("passes the origin's ETag per user, forwards If-None-Match (signed as any request) and relays the 304", async () => {
    const url = screenOf('max-age=60', '"v1"');
    const first = await get(url, ann);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16}\.v1"$/);
    expect(last()).toMatchObject({ ifNoneMatch: undefined, verified: true });

    const again = await get(url, ann, { 'if-none-match': etag });
    expect(last()).toMatchObject({ ifNoneMatch: '"v1"', verified: true });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, max-age=60');
    expect(again.headers.vary).toBe(REMOTE_VARY);
    expect(again.headers['content-type']).toBeUndefined();

    // The same revalidation twice at once: both are 304s, each with the tag.
    const both = await Promise.all([1, 2].map(() => get(url, ann, { 'if-none-match': etag })));
    expect(both.map((res) => [res.statusCode, res.headers.etag])).toEqual([
      [304, etag],
      [304, etag],
    ]);

    // A weak tag stays weak and revalidates the same way.
    const weakUrl = screenOf('no-cache', 'W/"w1"');
    const weak = await get(weakUrl, ann);
    expect(weak.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{16}\.w1"$/);
    expect((await get(weakUrl, ann, { 'if-none-match': weak.headers.etag as string })).statusCode).toBe(304);
    expect(last().ifNoneMatch).toBe('"w1"');

    // The origin's tag changed: the whole screen, with the new tag.
    const changed = await get(screenOf('max-age=60', '"v2"'), ann, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toMatch(/\.v2"$/);
  });

  it("another user sending a user's tag gets their own screen: the tag is not forwarded", async () => {
    const url = screenOf('max-age=60', '"same-for-all"');
    const anns = await get(url, ann);
    const bens = await get(url, ben, { 'if-none-match': anns.headers.etag as string });
    expect(last().ifNoneMatch).toBeUndefined();
    expect(bens.statusCode).toBe(200);
    expect(bens.json().title).toBe(`for ${last().appUser}`);
    expect(bens.json().title).not.toBe(anns.json().title);
    expect(bens.headers.etag).not.toBe(anns.headers.etag);
    expect((await get(url, ben, { 'if-none-match': bens.headers.etag as string })).statusCode).toBe(304);
  });

  it('a tag the origin did not make is not forwarded, nor is a tag the proxy made to the API', async () => {
    await get(screenOf('max-age=60', '"v1"'), ann, { 'if-none-match': '"v1"' });
    expect(last().ifNoneMatch).toBeUndefined();
    const api = await get(
      `${PROXY}/campus/news/api/${encodeURIComponent('max-age=60')}/${encodeURIComponent('"v1"')}`,
      ann,
      {
        'if-none-match': '"v1"',
      },
    );
    expect(api.statusCode).toBe(200);
    expect(last().ifNoneMatch).toBeUndefined();
    expect(api.headers['cache-control']).toBe('private, no-store');
    expect(api.headers.etag).toBeUndefined();
  });

  it('a 304 the proxy did not ask for is still 502 origin_redirect', async () => {
    const res = await get(`${PROXY}/campus/news/screen/unasked-304`, ann);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('origin_redirect');
  });

  it("adds its Vary to CORS's for a page on an allowed origin, on 200 and 304", async () => {
    const url = screenOf('no-cache', '"c1"');
    const page = { origin: 'https://host.example' };
    const first = await get(url, ann, page);
    expect(first.headers.vary).toBe(`origin, ${REMOTE_VARY}`);
    expect(first.headers['access-control-expose-headers']).toContain('etag');
    const again = await get(url, ann, { ...page, 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers.vary).toBe(`origin, ${REMOTE_VARY}`);
  });

  it('a preflight lets a page send If-None-Match', async () => {
    const res = await t.request({
      method: 'OPTIONS',
      url: screenOf('no-cache', '"c1"'),
      headers: {
        origin: 'https://host.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, if-none-match',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toContain('if-none-match');
  });
});
