// The screen format served to renderers: public, versioned, valid JSON Schema 2020-12, cacheable with an ETag.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const specDir = new URL('../../schema/spec/', import.meta.url);
const committed = (name: string) => JSON.parse(readFileSync(new URL(name, specDir), 'utf8'));

describe('schema documents', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform('sqlite');
  });
  afterAll(() => t.close());

  it.each([
    ['screen.json', 'screen.schema.json'],
    ['registry.json', 'registry.json'],
  ])(
    'serves %s without sign-in, equal to the committed %s, with an ETag and public caching',
    async (path, file) => {
      const res = await t.request({ method: 'GET', url: `/api/v1/schema/${path}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers['etag']).toMatch(/^"[\w-]{27}"$/);
      expect(res.json()).toEqual(committed(file));
      expect(res.json().schemaVersion).toMatch(/^\d+\.\d+\.\d+$/);
    },
  );

  it('answers 304 without a body when If-None-Match names the current ETag, weak or in a list', async () => {
    const first = await t.request({ method: 'GET', url: '/api/v1/schema/screen.json' });
    const etag = first.headers['etag'] as string;
    for (const header of [etag, `W/${etag}`, `"old", ${etag}`, '*']) {
      const again = await t.request({
        method: 'GET',
        url: '/api/v1/schema/screen.json',
        headers: { 'if-none-match': header },
      });
      expect(again.statusCode, header).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['etag']).toBe(etag);
    }
    const registry = await t.request({
      method: 'GET',
      url: '/api/v1/schema/registry.json',
      headers: { 'if-none-match': etag },
    });
    expect(registry.statusCode).toBe(200);
    expect(registry.headers['etag']).not.toBe(etag);
  });

  it('serves a screen schema that is valid 2020-12 and tells a good screen from a typo', async () => {
    const schema = (await t.request({ method: 'GET', url: '/api/v1/schema/screen.json' })).json();
    const ajv = new Ajv2020({ strict: true });
    ajv.addKeyword({ keyword: 'schemaVersion', schemaType: 'string' });
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    const validate = ajv.compile(schema);
    expect(validate({ type: 'screen', children: [{ type: 'text', text: 'Hi' }] })).toBe(true);
    expect(validate({ type: 'screen', children: [{ type: 'txet', text: 'Hi' }] })).toBe(false);
  });

  it('is in the OpenAPI document', async () => {
    const spec = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    expect(spec.paths['/api/v1/schema/screen.json'].get.tags).toEqual(['schema']);
    expect(spec.paths['/api/v1/schema/registry.json'].get.responses).toHaveProperty('304');
  });
});
