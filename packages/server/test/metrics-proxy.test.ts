// /metrics after real proxied traffic: origin latency by outcome class, and rate-limit refusals at 180 and 181.

import { randomBytes } from 'node:crypto';
import { MAX_ORIGIN_ANSWER_BYTES } from '@miniapps/contract';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOrigin } from '../src/egress/call-origin.js';
import { createOriginLatency, ORIGIN_LATENCY_METRIC } from '../src/http/origin-metrics.js';
import { RATE_LIMIT_REFUSALS_METRIC } from '../src/ratelimit/index.js';
import { dialects } from './helpers/databases.js';
import { type HttpsOrigin, startHttpsOrigin, testCertificates } from './helpers/https-origin.js';
import { sample } from './helpers/metrics.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { originEnv, PROXY, remoteApp } from './helpers/proxy-apps.js';
import { freePort } from './helpers/redis-server.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const COUNT = `${ORIGIN_LATENCY_METRIC}_count`;
const BUCKET = `${ORIGIN_LATENCY_METRIC}_bucket`;

describe('origin latency buckets', () => {
  it('run up to the 10 s deadline: 10 s is in le="10", one past it only in +Inf', async () => {
    const registry = new Registry();
    const observe = createOriginLatency(registry);
    observe(200, 10);
    observe(204, 10.001);
    observe('origin_timeout', 10.002);
    const text = await registry.metrics();
    expect(sample(text, BUCKET, { outcome: '2xx', le: '5' })).toBe(0);
    expect(sample(text, BUCKET, { outcome: '2xx', le: '10' })).toBe(1);
    expect(sample(text, BUCKET, { outcome: '2xx', le: '+Inf' })).toBe(2);
    expect(sample(text, BUCKET, { outcome: 'origin_timeout', le: '10' })).toBe(0);
    expect(sample(text, COUNT, { outcome: 'origin_timeout' })).toBe(1);
  });
});

describe.each(dialects)('proxy metrics on %s', (dialect) => {
  let t: TestPlatform;
  let origin: HttpsOrigin;
  let user: SignedIn;
  let base: string;
  const scrape = async () => (await t.request({ method: 'GET', url: '/metrics' })).body;

  beforeAll(async () => {
    origin = await startHttpsOrigin();
    t = await startTestPlatform(dialect, {
      ...originEnv(testCertificates().caFile),
      // With Redis the shared limiter decides; a prefix of our own keeps other runs' counts apart.
      ...(REDIS_URL && { REDIS_URL, RATE_LIMIT_PREFIX: `metrics-${randomBytes(4).toString('hex')}:` }),
    });
    const dev = await t.login('dev@uni.example');
    user = await t.login('user@uni.example');
    base = `https://origin.test:${origin.port}`;
    await remoteApp(t, dev, { org: 'acme', slug: 'timed', origin: base });
    await remoteApp(t, dev, {
      org: 'acme',
      slug: 'gone',
      origin: `https://origin.test:${await freePort()}`,
    });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  it('times each call to an origin by outcome class: 2xx, 4xx, 5xx, or the error code', async () => {
    const call = (path: string) => t.request({ method: 'GET', url: `${PROXY}${path}`, headers: user.auth });
    expect((await call('/acme/timed/api/hello')).statusCode).toBe(200);
    expect((await call('/acme/timed/api/hello')).statusCode).toBe(200);
    expect((await call('/acme/timed/api/status/404')).statusCode).toBe(404);
    expect((await call('/acme/timed/api/status/503')).statusCode).toBe(503);
    expect((await call('/acme/timed/api/redirect')).json()).toMatchObject({ error: 'origin_redirect' });
    expect((await call('/acme/gone/api/x')).json()).toMatchObject({ error: 'origin_unreachable' });
    // Hosted and missing apps never reach an origin: not timed.
    expect((await call('/acme/missing/api/x')).statusCode).toBe(404);

    const text = await scrape();
    expect(text).toContain(`# TYPE ${ORIGIN_LATENCY_METRIC} histogram`);
    expect(sample(text, COUNT, { outcome: '2xx' })).toBe(2);
    expect(sample(text, COUNT, { outcome: '4xx' })).toBe(1);
    expect(sample(text, COUNT, { outcome: '5xx' })).toBe(1);
    expect(sample(text, COUNT, { outcome: 'origin_redirect' })).toBe(1);
    expect(sample(text, COUNT, { outcome: 'origin_unreachable' })).toBe(1);
    // A loopback origin answers in well under 10 s: every call is in the last finite bucket.
    expect(sample(text, BUCKET, { outcome: '2xx', le: '10' })).toBe(2);
    const sum = sample(text, `${ORIGIN_LATENCY_METRIC}_sum`, { outcome: '2xx' })!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(5);
  });

  it('a call cut by the deadline is timed as origin_timeout, at the deadline', async () => {
    const registry = new Registry();
    const observe = createOriginLatency(registry);
    const call = callOrigin(
      t.platform.egress.dispatcher,
      { origin: base, path: '/hang', method: 'GET', headers: [], body: undefined },
      { deadlineMs: 300, maxBytes: MAX_ORIGIN_ANSWER_BYTES },
      observe,
    );
    await expect(call).rejects.toMatchObject({ code: 'origin_timeout' });
    const text = await registry.metrics();
    expect(sample(text, COUNT, { outcome: 'origin_timeout' })).toBe(1);
    expect(sample(text, BUCKET, { outcome: 'origin_timeout', le: '0.25' })).toBe(0);
    expect(sample(text, BUCKET, { outcome: 'origin_timeout', le: '0.5' })).toBe(1);
  });

  it('counts rate-limit refusals by limiter: none after the 180th request of a minute, one after the 181st', async () => {
    const heavy = await t.login(`heavy-${dialect}@uni.example`);
    const before = sample(await scrape(), RATE_LIMIT_REFUSALS_METRIC, { limiter: 'proxy' });
    expect(before).toBe(0);
    const call = () => t.request({ method: 'GET', url: `${PROXY}/acme/missing/api/x`, headers: heavy.auth });
    for (let i = 0; i < 180; i++) expect((await call()).statusCode).toBe(404);
    expect(sample(await scrape(), RATE_LIMIT_REFUSALS_METRIC, { limiter: 'proxy' })).toBe(0);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(sample(await scrape(), RATE_LIMIT_REFUSALS_METRIC, { limiter: 'proxy' })).toBe(1);
  });
});
