// The shipped alert rules and Grafana dashboard name only metrics the platform exposes, and both files parse.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RATE_LIMIT_FALLBACK_METRIC } from '../src/ratelimit/index.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const DOCS = resolve(import.meta.dirname, '../../../docs');
// Prometheus' own series, not the platform's.
const PROMETHEUS_SERIES = new Set(['up']);
const REDIS_URL = process.env.TEST_REDIS_URL;
const SUFFIXES = ['_bucket', '_count', '_sum'];

/** Metric names in a PromQL expression: identifiers followed by `{`, `[` or a space/close, not functions. */
function metricNames(expr: string): string[] {
  // Label values ("miniapps", "5..") are not metric names.
  const names =
    expr.replace(/"[^"]*"/g, '""').match(/\b(?:http|miniapps|process|nodejs|up)[a-z0-9_]*\b/g) ?? [];
  return names.map((name) => {
    const suffix = SUFFIXES.find((s) => name.endsWith(s));
    return suffix ? name.slice(0, -suffix.length) : name;
  });
}

describe('observability docs', () => {
  let t: TestPlatform;
  let exposed: Set<string>;
  beforeAll(async () => {
    // With Redis the rate-limit fallback gauge exists too; without it, its name is checked against the code's.
    t = await startTestPlatform('sqlite', REDIS_URL ? { REDIS_URL } : {});
    // One proxied request so the labelled counters have a series.
    await t.request({ method: 'GET', url: '/functions/v1/miniapp-proxy/acme/nothing/api/x' });
    const body = (await t.request({ method: 'GET', url: '/metrics' })).body;
    exposed = new Set([...body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] as string));
    if (!REDIS_URL) exposed.add(RATE_LIMIT_FALLBACK_METRIC);
  });
  afterAll(() => t.close());

  it('the alert rules parse and name only exposed metrics', () => {
    const rules = parse(readFileSync(resolve(DOCS, 'prometheus-alerts.yml'), 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const exprs = rules.groups.flatMap((g) => g.rules.map((r) => r.expr));
    expect(exprs.length).toBeGreaterThanOrEqual(4);
    const missing = exprs.flatMap(metricNames).filter((n) => !PROMETHEUS_SERIES.has(n) && !exposed.has(n));
    expect(missing).toEqual([]);
  });

  it('the Grafana dashboard parses and names only exposed metrics', () => {
    const dashboard = JSON.parse(readFileSync(resolve(DOCS, 'grafana-dashboard.json'), 'utf8')) as {
      title: string;
      panels: { targets?: { expr: string }[] }[];
    };
    expect(dashboard.title).toBeTruthy();
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((target) => target.expr));
    expect(exprs.length).toBeGreaterThanOrEqual(4);
    const missing = exprs.flatMap(metricNames).filter((n) => !PROMETHEUS_SERIES.has(n) && !exposed.has(n));
    expect(missing).toEqual([]);
  });

  it("every one of the platform's own metrics has a panel", () => {
    const dashboard = JSON.parse(readFileSync(resolve(DOCS, 'grafana-dashboard.json'), 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const shown = new Set(
      dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => metricNames(t.expr))),
    );
    const own = [...exposed].filter((name) => name.startsWith('miniapps_'));
    // The operator-facing ones (docs/operations.md) are among them (the worker's /metrics names the same push and pool metrics).
    expect(own).toEqual(
      expect.arrayContaining([
        'miniapps_origin_duration_seconds',
        'miniapps_rate_limit_refusals_total',
        'miniapps_push_messages_total',
        'miniapps_push_queue_depth',
        'miniapps_db_pool_connections',
        'miniapps_db_pool_waiting',
        'miniapps_redis_connected',
      ]),
    );
    expect(own.filter((name) => !shown.has(name))).toEqual([]);
  });
});
