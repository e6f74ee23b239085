// miniappPlugin on a real Fastify 5 app on loopback.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { miniappPlugin } from '../src/middleware/fastify.js';
import { middlewareCases, middlewareV2Cases, secret } from './middleware-cases.js';

describe('Fastify miniappPlugin', () => {
  let app: FastifyInstance;
  let base = '';

  beforeAll(async () => {
    app = Fastify();
    await app.register(miniappPlugin, { secret });
    // Registered beside the plugin, not inside it: the hook must reach routes of the same scope.
    app.get('/whoami', async (request) => {
      const user = request.miniapp!;
      return { appUserId: user.appUserId, name: user.name, group: user.group, scopes: user.scopes };
    });
    app.post('/echo', async (request) => ({ body: request.body, verified: request.miniappVerified }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  middlewareCases(() => base);
  middlewareV2Cases(() => base);
});
