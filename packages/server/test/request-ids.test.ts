// X-Request-Id on a real server process: a safe incoming id is kept, anything else becomes a UUID; every answer
// carries it, every log line of the request names it (proxy lines with org and slug); queries and tokens stay out.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestIdOf } from '../src/http/request-id.js';
import { PROXY } from './helpers/proxy-apps.js';
import { type PlatformProcess, startServer } from './helpers/push-fakes/processes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps a safe id of 128 characters and replaces one of 129', () => {
    const longest = `${'a'.repeat(120)}-._:0123`;
    expect(longest).toHaveLength(128);
    expect(requestIdOf(longest)).toBe(longest);
    expect(requestIdOf(`${longest}9`)).toMatch(UUID);
    expect(requestIdOf('')).toMatch(UUID);
    expect(requestIdOf(['a', 'b'])).toMatch(UUID);
  });
});

describe('request ids and request logs', () => {
  let server: PlatformProcess & { url: string };
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'miniapps-reqid-'));
    server = await startServer({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const login = await fetch(`${server.url}/api/v1/dev/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reqid@uni.example' }),
    });
    token = ((await login.json()) as { token: string }).token;
  });
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The JSON log lines that name `reqId`. */
  const linesOf = async (reqId: string) => {
    await new Promise((r) => setTimeout(r, 200));
    return server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === reqId);
  };

  it('keeps a safe incoming id on an API route and logs every line of the request with it', async () => {
    const res = await fetch(`${server.url}/api/v1/me?secret=hunter2`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'lb-7f3a.42:1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.42:1');
    const lines = await linesOf('lb-7f3a.42:1');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    const text = JSON.stringify(lines);
    expect(text).toContain('/api/v1/me?[redacted]');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain(token);
  });

  it('makes a UUID when the id is missing, too long or unsafe, also on errors and unknown routes', async () => {
    for (const header of [undefined, 'x'.repeat(129), 'a b', 'id\u0001']) {
      const res = await fetch(`${server.url}/api/v1/nowhere`, {
        headers: header === undefined ? {} : { 'x-request-id': header.replace('\u0001', '%01') },
      });
      expect(res.status).toBe(404);
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      expect((await linesOf(id)).length).toBeGreaterThan(0);
    }
  });

  it('answers proxy requests with the id and logs them with org and slug, without the query', async () => {
    const res = await fetch(`${server.url}${PROXY}/acme/nope/screen/?q=private-text`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'proxy-req-1' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('proxy-req-1');
    const [line] = await linesOf('proxy-req-1');
    expect(line).toMatchObject({ org: 'acme', slug: 'nope', msg: 'request completed' });
    expect(JSON.stringify(line)).not.toContain('private-text');

    const fresh = await fetch(`${server.url}${PROXY}/acme/nope/screen/`);
    expect(fresh.status).toBe(401);
    expect(fresh.headers.get('x-request-id')).toMatch(UUID);
  });
});
