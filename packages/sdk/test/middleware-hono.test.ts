// miniapp() on a real Hono app served by @hono/node-server on loopback.
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniappEnv, miniapp } from '../src/middleware/hono.js';
import { signedHeaders } from './helpers.js';
import {
  baseUrlOf,
  middlewareCases,
  middlewareV2Cases,
  secret,
  signedV2Headers,
} from './middleware-cases.js';

describe('Hono miniapp()', () => {
  let server: ServerType;
  let base = '';

  beforeAll(async () => {
    const app = new Hono<MiniappEnv>();
    app.use(miniapp({ secret }));
    app.get('/whoami', (c) => {
      const user = c.get('miniapp');
      return c.json({ appUserId: user.appUserId, name: user.name, group: user.group, scopes: user.scopes });
    });
    app.post('/echo', async (c) => c.json({ body: await c.req.json(), verified: c.get('miniappVerified') }));
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = baseUrlOf(server.address());
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  middlewareCases(() => base);
  middlewareV2Cases(() => base);

  it('requireV2 answers 401 missing_signature_v2 to a v1-only request and passes a v2 one', async () => {
    const strict = new Hono<MiniappEnv>();
    strict.use(miniapp({ secret, requireV2: true }));
    strict.get('/whoami', (c) => c.json({ email: c.get('miniappVerified').email }));
    const v1 = await strict.request('/whoami', {
      headers: signedHeaders(secret, Math.floor(Date.now() / 1000)),
    });
    expect(v1.status).toBe(401);
    expect(await v1.json()).toMatchObject({ error: 'missing_signature_v2' });
    const v2 = await strict.request('/whoami', { headers: signedV2Headers('GET', '/whoami', '') });
    expect(v2.status).toBe(200);
  });
});
