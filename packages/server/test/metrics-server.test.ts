// The push worker's bare /metrics listener: the same METRICS_TOKEN rule as the server's, and WORKER_METRICS_PORT's bounds.
import { Counter, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ObservabilityConfig } from '../src/config/observability.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { type MetricsServer, startMetricsServer } from '../src/health/metrics-server.js';

const TOKEN = 'worker-metrics-token-0123';

describe('worker metrics listener', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(config: Partial<ObservabilityConfig>) {
    const registry = new Registry();
    new Counter({ name: 'miniapps_test_total', help: 'test', registers: [registry] }).inc(3);
    const observability = {
      metrics: 'open',
      metricsToken: undefined,
      apiDocs: false,
      workerMetricsPort: 0,
      ...config,
    } as const;
    server = await startMetricsServer(registry, observability, { port: 0, host: '127.0.0.1' });
    return (path: string, authorization?: string) =>
      fetch(`http://127.0.0.1:${server!.port}${path}`, authorization ? { headers: { authorization } } : {});
  }

  it('open: serves the registry at GET /metrics and nothing else', async () => {
    const get = await start({ metrics: 'open' });
    const res = await get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('miniapps_test_total 3');
    expect((await get('/')).status).toBe(404);
  });

  it('off (production without METRICS_TOKEN): 404 in the error envelope', async () => {
    const get = await start({ metrics: 'off' });
    const res = await get('/metrics');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ ok: false, error: 'not_found' });
  });

  it('token: 401 with WWW-Authenticate without the bearer token, 200 with it', async () => {
    const get = await start({ metrics: 'token', metricsToken: TOKEN });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await get('/metrics', authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect((await get('/metrics', `Bearer ${TOKEN}`)).status).toBe(200);
  });

  it('WORKER_METRICS_PORT takes 0 to 65535 and refuses 65536, -1 and words', () => {
    const port = (value: string) =>
      loadConfig({ NODE_ENV: 'test', WORKER_METRICS_PORT: value }).observability.workerMetricsPort;
    expect(port('65535')).toBe(65535);
    expect(port('0')).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).observability.workerMetricsPort).toBeUndefined();
    for (const bad of ['65536', '-1', 'nine']) expect(() => port(bad), bad).toThrow(ConfigError);
    expect(() => port('65536')).toThrow(/WORKER_METRICS_PORT must be an integer from 0 to 65535/);
  });
});
