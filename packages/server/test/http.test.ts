// The HTTP surface: one error envelope everywhere, health, readiness, metrics, OpenAPI and a local docs page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../src/i18n/messages.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

describe.each(dialects)('HTTP surface on %s', (dialect) => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform(dialect);
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz with the dialect', async () => {
    expect((await t.request({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: '/readyz' })).json()).toEqual({
      ok: true,
      database: dialect,
    });
  });

  it('exposes Prometheus metrics, request durations included', async () => {
    await t.request({ method: 'GET', url: '/healthz' });
    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="/healthz",status="200"}',
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('answers unknown routes with the JSON envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, error: 'not_found', message: 'No route GET /nope' });
  });

  it('answers malformed JSON, a wrong content type and a schema violation with 4xx envelopes', async () => {
    const login = await t.login('http@uni.example');
    const badJson = await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: { ...login.auth, 'content-type': 'application/json' },
      payload: '{"id": "x",',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ ok: false, error: 'bad_request' });

    const wrongType = await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: { ...login.auth, 'content-type': 'text/xml' },
      payload: '<org/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ ok: false, error: 'unsupported_media_type' });

    const invalid = await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: login.auth,
      payload: { id: 'ok-id' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      ok: false,
      error: 'bad_request',
      details: [{ in: 'body', path: '/', message: expect.stringContaining('name') }],
    });
  });

  it('coerces query parameters to their schema types, but checks JSON bodies as sent', async () => {
    const owner = await t.login('coerce@uni.example');
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: owner.auth,
      payload: { id: 'coerce', name: 'C' },
    });
    await t.request({
      method: 'POST',
      url: '/api/v1/orgs/coerce/apps',
      headers: owner.auth,
      payload: { slug: 'qq', name: 'Q', sourceKind: 'hosted' },
    });
    for (const name of ['Q1', 'Q2', 'Q3']) {
      await t.request({
        method: 'PATCH',
        url: '/api/v1/orgs/coerce/apps/qq',
        headers: owner.auth,
        payload: { name },
      });
    }
    const limited = await t.request({
      method: 'GET',
      url: '/api/v1/orgs/coerce/apps/qq/audit?limit=2',
      headers: owner.auth,
    });
    expect(limited.statusCode).toBe(200);
    expect(limited.json().entries).toHaveLength(2);
    const notNumber = await t.request({
      method: 'GET',
      url: '/api/v1/orgs/coerce/apps/qq/audit?limit=many',
      headers: owner.auth,
    });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json()).toMatchObject({
      error: 'bad_request',
      details: [{ in: 'querystring', path: '/limit' }],
    });
    // A number where the body schema wants a string is refused, not silently turned into "123".
    const numericId = await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: owner.auth,
      payload: { id: 123, name: 'N' },
    });
    expect(numericId.statusCode).toBe(400);
    expect(numericId.json().details[0]).toMatchObject({ in: 'body', path: '/id' });
  });

  it('refuses a body over the limit with 413, never a 500', async () => {
    const login = await t.login('big@uni.example');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: { ...login.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'big', name: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, error: 'payload_too_large' });
  });

  it('hides internal failures behind a generic 500 without a stack trace', async () => {
    const login = await t.login('fail@uni.example');
    // Break the database under a running app: the next query fails inside a handler.
    await t.platform.db.schema.dropTable('deploy_tokens').execute();
    const res = await t.request({ method: 'GET', url: '/api/v1/tokens', headers: login.auth });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ ok: false, error: 'internal', message: catalogues.en['errors.internal'] });
    expect(res.body).not.toMatch(/deploy_tokens|at .*\.ts|stack/i);
  });

  it('publishes OpenAPI 3 from the route schemas, and a docs page served locally', async () => {
    const spec = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/orgs', '/api/v1/tokens', '/api/v1/orgs/{org}/apps/{slug}']),
    );
    expect(spec.paths['/api/v1/tokens'].post.requestBody.content['application/json'].schema.required).toEqual(
      ['name'],
    );

    const page = await t.request({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    // Every script and stylesheet of the page comes from this server, none from a CDN.
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((a) => /^(https?:)?\/\//.test(a))).toEqual([]);
    const script = assets.find((a) => a.endsWith('.js'))!;
    const asset = await t.request({
      method: 'GET',
      url: script.startsWith('/') ? script : `/docs/${script.replace(/^\.\//, '')}`,
    });
    expect(asset.statusCode).toBe(200);
  });
});
