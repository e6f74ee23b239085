// Every route, walked from the route table: a NUL, a lone surrogate or a 10,000-deep body is a 4xx with a pointer, never a 5xx.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_NESTING } from '../src/http/input-guard.js';
import { closeQuietly, createApp, type Developer, developer } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { fillUrl, type RouteEntry, routeKey, routeTable, takesBody } from './helpers/route-table.js';

const DEEP = 10_000;
const deepBody = `${'{"a":['.repeat(DEEP)}1${']}'.repeat(DEEP)}`;
/** JSON texts whose `name` is a string with a NUL, and with a lone surrogate (as JSON escapes: the wire is UTF-8). */
const nulBody = '{"name":"a\\u0000b","q":"ok"}';
const surrogateBody = '{"name":"a\\ud800b","q":"ok"}';

/** Routes whose input the proxy's entry reads itself (test/proxy-input.test.ts covers them). */
const isProxy = (route: RouteEntry) => route.url.startsWith('/functions/v1/miniapp-proxy/');

interface Answer {
  statusCode: number;
  body: string;
  json(): {
    ok?: boolean;
    error?: string;
    details?: Array<{ in?: string; pointer?: string; problem?: string }>;
  };
}

describe.each(dialects)('every route, with bad text and deep bodies, on %s', (dialect) => {
  const table = routeTable();
  let t: TestPlatform;
  let dev: Developer;
  let moderator: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect, {}, table.build);
    dev = await developer(t, 'walk');
    await createApp(t, dev, 'app');
    moderator = await t.login('walk-moderator@uni.example', { moderator: true });
  });
  afterAll(() => closeQuietly(t));

  /** The credentials each family of routes takes, so the request gets past its door to the input. */
  function authFor(route: RouteEntry): Record<string, string> {
    if (/miniapp-(deploy|notify)$/.test(route.url)) return { authorization: `Bearer ${dev.token}` };
    if (route.url.includes('miniapp-svc-'))
      return { authorization: `Bearer ${t.config.keys.serviceRoleKey}` };
    if (route.url.startsWith('/api/v1/moderation')) return moderator.auth;
    return dev.who.auth;
  }

  const urlOf = (route: RouteEntry, values: Record<string, string> = {}) =>
    fillUrl(route, { org: dev.org, slug: 'app', ...values });

  async function send(route: RouteEntry, url: string, payload?: string): Promise<Answer> {
    const res = await t.request({
      method: route.method as NonNullable<InjectOptions['method']>,
      url,
      headers: { ...authFor(route), ...(payload !== undefined && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload }),
    });
    return res as unknown as Answer;
  }

  /** No 5xx anywhere; where the guard answers, 400 `bad_request` naming the part and the place. */
  function expectRefused(route: RouteEntry, res: Answer, where: string, pointer: string, problem: string) {
    const label = `${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, label).toBeLessThan(500);
    if (isProxy(route) || route.method === 'HEAD') return;
    expect(res.statusCode, label).toBe(400);
    expect(res.json(), label).toMatchObject({ ok: false, error: 'bad_request' });
    expect(res.json().details?.[0], label).toMatchObject({ in: where, pointer, problem });
  }

  const distinct = () => {
    const seen = new Set<string>();
    return table.routes.filter((route) => !seen.has(routeKey(route)) && seen.add(routeKey(route)));
  };

  it('collects the routes of every module, /api/v1 and /functions/v1 among them', () => {
    const urls = table.routes.map((r) => r.url);
    expect(urls).toContain('/api/v1/orgs/:org/apps/:slug');
    expect(urls).toContain('/functions/v1/miniapp-deploy');
    expect(table.routes.length).toBeGreaterThan(50);
  });

  it('refuses a NUL in the query of every route with 400 and the parameter', async () => {
    for (const route of distinct()) {
      const res = await send(route, `${urlOf(route)}?q=a%00b`, takesBody(route) ? '{}' : undefined);
      expectRefused(route, res, 'query', '/q', 'bad_text');
    }
  });

  it('refuses a NUL in a path parameter of every route with 400 and the parameter', async () => {
    for (const route of distinct().filter((r) => r.params.length > 0)) {
      const name = route.params[route.params.length - 1]!;
      const res = await send(route, urlOf(route, { [name]: 'a%00b' }), takesBody(route) ? '{}' : undefined);
      expectRefused(route, res, 'params', `/${name}`, 'bad_text');
    }
  });

  it('refuses a lone surrogate escaped in the URL without a 5xx', async () => {
    for (const route of distinct()) {
      // The web client and embed script are made by the web build, which a server test does not run:
      // their routes answer 503 with or without the query.
      if ((await send(route, urlOf(route), takesBody(route) ? '{}' : undefined)).statusCode === 503) continue;
      const values = Object.fromEntries(route.params.map((name) => [name, '%ED%A0%80']));
      const res = await send(
        route,
        `${urlOf(route, values)}?q=%ED%A0%80`,
        takesBody(route) ? '{}' : undefined,
      );
      expect(res.statusCode, `${routeKey(route)} → ${res.statusCode} ${res.body}`).toBeLessThan(500);
    }
  });

  it('refuses a NUL and a lone surrogate in the JSON body of every route that takes one', async () => {
    for (const route of distinct().filter(takesBody)) {
      expectRefused(route, await send(route, urlOf(route), nulBody), 'body', '/name', 'bad_text');
      expectRefused(route, await send(route, urlOf(route), surrogateBody), 'body', '/name', 'bad_text');
    }
  });

  it('takes a body nested as deep as the limit and refuses one level more, naming the place', async () => {
    const nested = (levels: number) => `{"name":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const post = (levels: number) =>
      t.request({
        method: 'POST',
        url: '/api/v1/orgs',
        headers: { ...dev.who.auth, 'content-type': 'application/json' },
        payload: nested(levels),
      });
    const atLimit = await post(MAX_BODY_NESTING);
    // Past the guard: the schema's own answer (name must be a string), not the nesting's.
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().details[0].problem).toBeUndefined();
    const past = await post(MAX_BODY_NESTING + 1);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ ok: false, error: 'bad_request' });
    expect(past.json().details[0]).toMatchObject({
      in: 'body',
      problem: 'too_deep',
      pointer: `/name${'/0'.repeat(MAX_BODY_NESTING - 1)}`,
    });
  });

  it('refuses a body nested 10,000 deep on every route with a 4xx', async () => {
    for (const route of distinct().filter((r) => takesBody(r) || r.method === 'DELETE')) {
      const res = await send(route, urlOf(route), deepBody);
      const label = `${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
    }
  });
});
