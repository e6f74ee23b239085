// withMiniapp on a real node:http server on loopback.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withMiniapp } from '../src/middleware/node.js';
import { signedHeaders } from './helpers.js';
import {
  baseUrlOf,
  middlewareBodyKeepsV1Cases,
  middlewareCases,
  middlewareV2GetCases,
  secret,
} from './middleware-cases.js';

describe('node:http withMiniapp', () => {
  let server: Server;
  let base = '';
  const refused: string[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    const options = {
      secret,
      onRefused: (r: { reason: string }) => refused.push(r.reason),
      onError: (error: unknown) => errors.push(error),
    };
    const handler = withMiniapp(options, async (req, res, user, verified) => {
      if (req.url === '/fail') throw new Error('handler bug');
      res.setHeader('content-type', 'application/json');
      if (req.url === '/echo') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        res.end(JSON.stringify({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), verified }));
        return;
      }
      res.end(
        JSON.stringify({
          appUserId: user.appUserId,
          name: user.name,
          group: user.group,
          scopes: user.scopes,
        }),
      );
    });
    server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = baseUrlOf(server.address());
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  middlewareCases(() => base);

  it('tells onRefused about every refusal', () => {
    expect(refused).toEqual(['missing_app_user', 'bad_signature', 'stale_timestamp', 'future_timestamp']);
  });

  it('answers a JSON 500 when the handler fails, so the proxy never sees an HTML page, and reports it', async () => {
    const res = await fetch(`${base}/fail`, {
      headers: signedHeaders(secret, Math.floor(Date.now() / 1000)),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ ok: false, error: 'internal' });
    expect(errors).toEqual([expect.objectContaining({ message: 'handler bug' })]);
  });

  middlewareV2GetCases(() => base);
  middlewareBodyKeepsV1Cases(() => base);

  it('refuses to start without a secret', () => {
    expect(() => withMiniapp({ secret: '' }, () => {})).toThrow(/secret/);
    // It cannot read the body for v2 without taking it from the handler.
    expect(() => withMiniapp({ secret, requireV2: true }, () => {})).toThrow(/requireV2/);
  });
});
