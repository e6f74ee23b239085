// miniapp() on a real Express 5 app on loopback.
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miniapp } from '../src/middleware/express.js';
import {
  baseUrlOf,
  middlewareBodyKeepsV1Cases,
  middlewareCases,
  middlewareV2GetCases,
  secret,
} from './middleware-cases.js';

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
    app.post('/echo', express.json(), (req, res) => {
      res.json({ body: req.body, verified: req.miniappVerified });
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = baseUrlOf(server.address());
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  middlewareCases(() => base);
  middlewareV2GetCases(() => base);
  middlewareBodyKeepsV1Cases(() => base);

  it('refuses requireV2 at start-up: it cannot read the body without taking it from the handler', () => {
    expect(() => miniapp({ secret, requireV2: true })).toThrow(/requireV2/);
  });
});
