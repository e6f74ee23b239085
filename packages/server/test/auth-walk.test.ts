// Every /api/v1 route, walked from the route table: no token is 401 unless the route is public, and another
// user's resources are 403 or 404, so a route added later cannot forget either.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicRoute, PUBLIC_ROUTES } from '../src/auth/public-routes.js';
import { closeQuietly, createApp, type Developer, deploy, developer, screen } from './deploy-fixtures.js';
import { dialects } from './helpers/databases.js';
import { testCertificates } from './helpers/https-origin.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv } from './helpers/proxy-apps.js';
import {
  fillUrl,
  type RouteEntry,
  routeKey,
  routeTable,
  sampleOf,
  takesBody,
} from './helpers/route-table.js';

type Method = NonNullable<InjectOptions['method']>;

describe.each(dialects)('auth by default on every /api/v1 route on %s', (dialect) => {
  const table = routeTable();
  let t: TestPlatform;
  let owner: Developer;
  let other: SignedIn;
  /** Ids of the owner's resources, by the route parameter that names them. */
  const ids: Record<string, string> = {};

  const apiRoutes = () => {
    const seen = new Set<string>();
    return table.routes.filter(
      (route) => route.url.startsWith('/api/v1/') && !seen.has(routeKey(route)) && seen.add(routeKey(route)),
    );
  };

  function call(route: RouteEntry, headers: Record<string, string>, values: Record<string, string> = {}) {
    const payload = takesBody(route) || route.bodySchema ? sampleOf(route.bodySchema) : undefined;
    return t.request({
      method: route.method as Method,
      url: fillUrl(route, values),
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
  }

  beforeAll(async () => {
    t = await startTestPlatform(dialect, originEnv(testCertificates().caFile), table.build);
    owner = await developer(t, 'owner');
    other = await t.login('other@uni.example');
    const as = (method: Method, url: string, payload?: object) =>
      t.request({ method, url, headers: owner.who.auth, ...(payload && { payload }) });
    // Everything a route parameter can name, made by the owner.
    await createApp(t, owner, 'app');
    await createApp(t, owner, 'remote', { sourceKind: 'remote', origin: 'https://origin.test' });
    expect(
      (await deploy(t, owner.token, { organizationId: owner.org, slug: 'app', screens: [screen('/')] }))
        .statusCode,
    ).toBe(200);
    expect((await as('POST', `/api/v1/orgs/${owner.org}/apps/remote/signing-secret`)).statusCode).toBe(200);
    const hook = await as('POST', `/api/v1/orgs/${owner.org}/apps/app/webhooks`, {
      url: 'https://origin.test/hooks',
      events: ['deploy.created'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const tokens = await as('GET', '/api/v1/tokens');
    const device = await as('POST', '/api/v1/me/devices', {
      platform: 'android',
      token: 'owner-device-token',
    });
    expect(device.statusCode, device.body).toBeLessThan(300);
    Object.assign(ids, {
      org: owner.org,
      slug: 'app',
      version: '1',
      id: hook.json().webhook?.id ?? hook.json().id,
      deliveryId: 'none',
    });
    ids.tokenId = tokens.json().tokens[0].id;
    ids.deviceId = device.json().device?.id ?? device.json().id ?? 'none';
  }, 60_000);
  afterAll(() => closeQuietly(t));

  it('names only routes that exist on its public list', () => {
    const keys = new Set(apiRoutes().map(routeKey));
    for (const entry of PUBLIC_ROUTES) expect(keys, entry).toContain(entry);
  });

  it('answers every route that is not public 401 without a token, and with a token that is not one', async () => {
    const routes = apiRoutes().filter((route) => !isPublicRoute(route.method, route.url));
    expect(routes.length).toBeGreaterThan(40);
    for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }]) {
      for (const route of routes) {
        const res = await call(route, headers);
        expect(res.statusCode, `${routeKey(route)} ${res.body}`).toBe(401);
        if (route.method !== 'HEAD') expect(res.json()).toMatchObject({ ok: false, error: 'unauthorized' });
      }
    }
  });

  it('answers the public routes without a token', async () => {
    for (const route of apiRoutes().filter((r) => isPublicRoute(r.method, r.url))) {
      const res = await call(route, {});
      expect(res.statusCode, `${routeKey(route)} ${res.body}`).not.toBe(401);
    }
  });

  it("answers another user 403 or 404 on every route that names the owner's resources", async () => {
    const owned = apiRoutes().filter((route) => route.params.length > 0);
    expect(owned.length).toBeGreaterThan(25);
    for (const route of owned) {
      const values = route.url.startsWith('/api/v1/tokens/')
        ? { id: ids.tokenId! }
        : route.url.startsWith('/api/v1/me/devices/')
          ? { id: ids.deviceId! }
          : ids;
      const res = await call(route, other.auth, values);
      // Removing a device is the caller's own list and idempotent: another's device id removes nothing.
      if (route.url === '/api/v1/me/devices/:id' && res.statusCode === 200) {
        expect(res.json()).toEqual({ ok: true, removed: 0 });
        continue;
      }
      expect([403, 404], `${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(
        res.statusCode,
      );
    }
  });

  it("leaves the owner's resources as they were after the other user's calls", async () => {
    const as = (url: string) => t.request({ method: 'GET', url, headers: owner.who.auth });
    expect((await as('/api/v1/tokens')).json().tokens.map((x: { id: string }) => x.id)).toContain(
      ids.tokenId,
    );
    expect((await as(`/api/v1/orgs/${owner.org}/apps/app/webhooks`)).statusCode).toBe(200);
    expect((await as('/api/v1/me/devices')).body).toContain(ids.deviceId);
    expect((await as(`/api/v1/orgs/${owner.org}/apps/app`)).statusCode).toBe(200);
  });
});
