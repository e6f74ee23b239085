// /metrics behind METRICS_TOKEN in production (off when unset), /docs and /openapi.json only with API_DOCS=true there.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_JWT_SECRET: 'a'.repeat(40),
  PLATFORM_KEY: 'b'.repeat(64),
  SERVICE_ROLE_KEY: 'c'.repeat(40),
};
const TOKEN = 'metrics-token-0123456789';

describe('operator surfaces', () => {
  let t: TestPlatform | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('in production without METRICS_TOKEN, /metrics is off and the docs are not served', async () => {
    t = await startTestPlatform('sqlite', PRODUCTION);
    const metrics = await t.request({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.json()).toMatchObject({ ok: false, error: 'not_found' });
    expect((await t.request({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/docs/' })).statusCode).toBe(404);
  });

  it('in production with METRICS_TOKEN, /metrics answers only that bearer token', async () => {
    t = await startTestPlatform('sqlite', { ...PRODUCTION, METRICS_TOKEN: TOKEN, API_DOCS: 'true' });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.request({
        method: 'GET',
        url: '/metrics',
        ...(authorization && { headers: { authorization } }),
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ ok: false, error: 'unauthorized' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    const res = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_cpu_user_seconds_total');
    // API_DOCS=true opens the docs in production.
    expect((await t.request({ method: 'GET', url: '/openapi.json' })).json()).toMatchObject({
      openapi: '3.0.3',
    });
  });

  it('outside production /metrics and the docs stay open unless API_DOCS=false', async () => {
    t = await startTestPlatform('sqlite', { API_DOCS: 'false' });
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(404);
  });

  it('counts proxy answers by outcome in /metrics', async () => {
    t = await startTestPlatform('sqlite');
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        method: 'GET',
        url: '/functions/v1/miniapp-proxy/acme/nothing-here/api/x',
      });
      expect(res.json()).toMatchObject({ ok: false });
    }
    const body = (await t.request({ method: 'GET', url: '/metrics' })).body;
    expect(body).toMatch(/^miniapps_proxy_requests_total\{outcome="[a-z_]+"\} 2$/m);
  });

  it('refuses a short METRICS_TOKEN and an API_DOCS that is not true or false', () => {
    const load = () => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short', API_DOCS: 'yes' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/METRICS_TOKEN must be at least 16.*\n.*API_DOCS must be true or false/s);
  });
});
