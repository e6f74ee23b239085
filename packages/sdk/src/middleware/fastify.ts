// Fastify 5: `app.register(miniappPlugin, { secret })` refuses unsigned requests; `request.miniapp` is the user.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { refusalBody, VERIFY_FAILURE_STATUS } from '../failures.js';
import { HEADERS } from '../headers.js';
import type { Identity } from '../identity.js';
import { checkOptions, verifyRequest } from '../verify.js';
import type { MiddlewareOptions } from './node.js';

export type { Identity, MiddlewareOptions };

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified user; set by the miniappPlugin of @miniapps/sdk/fastify (null only before it runs). */
    miniapp: Identity | null;
    /** What the signature covered: the whole identity with v2, only `appUserId` with v1. */
    miniappVerified: Identity | null;
  }
}

const plugin: FastifyPluginAsync<MiddlewareOptions> = async (app, options) => {
  checkOptions(options);
  app.decorateRequest('miniapp', null);
  app.decorateRequest('miniappVerified', null);
  // v2 covers the raw body, which Fastify does not keep: it is read here and handed on to the parser.
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  const hasV2 = (request: FastifyRequest) => request.headers[HEADERS.signatureV2] !== undefined;

  async function check(request: FastifyRequest, reply: FastifyReply, body?: Buffer) {
    const parts =
      body === undefined ? undefined : { method: request.method, target: request.raw.url ?? '', body };
    const result = verifyRequest(request.headers, { ...options, request: parts });
    if (!result.ok) {
      options.onRefused?.(result);
      return reply.code(VERIFY_FAILURE_STATUS).send(refusalBody(result));
    }
    request.miniapp = result.identity;
    request.miniappVerified = result.verified;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!hasV2(request)) return check(request, reply);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!hasV2(request)) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    rawBodies.set(request, body);
    return Readable.from([body]);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (hasV2(request)) return check(request, reply, rawBodies.get(request) ?? Buffer.alloc(0));
  });
};

// What fastify-plugin would do, without the dependency: the hook applies to the scope it is registered in,
// not only to a child scope of its own.
Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: '@miniapps/sdk',
});

/**
 * Fastify plugin: 401 JSON for a request the proxy did not sign, `request.miniapp` for one it did.
 *
 * @example
 * await app.register(miniappPlugin, { secret: process.env.MINIAPP_SECRET! });
 * app.get('/', async (request) => ({ type: 'text', text: `Hi ${request.miniapp?.name ?? ''}` }));
 */
export const miniappPlugin = plugin;
