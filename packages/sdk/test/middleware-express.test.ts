// miniapp() on a real Express 5 app on loopback.
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe } from 'vitest';
import { miniapp } from '../src/middleware/express.js';
import { baseUrlOf, middlewareCases, middlewareV2GetCases, secret } from './middleware-cases.js';

describe('Express miniapp()', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    const app = express();
    app.use(miniapp({ secret }));
    app.get('/whoami', (req, res) => {
      const user = req.miniapp!;
      res.json({ appUserId: user.appUserId, name: user.name, group: user.group, scopes: user.scopes });
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = baseUrlOf(server.address());
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  middlewareCases(() => base);
  middlewareV2GetCases(() => base);
});
