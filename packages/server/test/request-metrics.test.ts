// The request-duration histogram: Prometheus buckets (upper bounds inclusive), sum and count per method, route and status.
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestMetrics } from '../src/http/request-metrics.js';

describe('request durations', () => {
  it('counts each observation in the first bucket whose bound it does not pass, per label set', async () => {
    const registry = new Registry();
    const observe = createRequestMetrics(registry);
    observe('GET', '/a', 200, 0.001);
    observe('GET', '/a', 200, 0.0011);
    observe('GET', '/a', 200, 11);
    observe('POST', '/a', 404, 0.01);
    const lines = (await registry.metrics()).split('\n');
    const value = (prefix: string) => Number(lines.find((l) => l.startsWith(`${prefix} `))?.split(' ')[1]);
    const get = 'method="GET",route="/a",status="200"';
    expect(lines).toContain('# TYPE http_request_duration_seconds histogram');
    expect(value(`http_request_duration_seconds_bucket{le="0.001",${get}}`)).toBe(1);
    expect(value(`http_request_duration_seconds_bucket{le="0.005",${get}}`)).toBe(2);
    expect(value(`http_request_duration_seconds_bucket{le="10",${get}}`)).toBe(2);
    expect(value(`http_request_duration_seconds_bucket{le="+Inf",${get}}`)).toBe(3);
    expect(value(`http_request_duration_seconds_count{${get}}`)).toBe(3);
    expect(value(`http_request_duration_seconds_sum{${get}}`)).toBeCloseTo(11.0021, 6);
    const post = 'method="POST",route="/a",status="404"';
    expect(value(`http_request_duration_seconds_bucket{le="0.005",${post}}`)).toBe(0);
    expect(value(`http_request_duration_seconds_bucket{le="0.01",${post}}`)).toBe(1);
    expect(value(`http_request_duration_seconds_count{${post}}`)).toBe(1);
  });

  it('is empty again after the registry resets its metrics', async () => {
    const registry = new Registry();
    createRequestMetrics(registry)('GET', '/a', 200, 0.2);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('_count{');
  });
});
