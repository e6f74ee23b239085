// miniapp() on a real Hono app served by @hono/node-server on loopback.
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe } from 'vitest';
import { type MiniappEnv, miniapp } from '../src/middleware/hono.js';
import { baseUrlOf, middlewareCases, middlewareV2Cases, secret } from './middleware-cases.js';

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
});
