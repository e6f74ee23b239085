// Hono: `app.use(miniapp({ secret }))` refuses unsigned requests; `c.get('miniapp')` is the user.
import type { MiddlewareHandler } from 'hono';
import { refusalBody, VERIFY_FAILURE_STATUS } from '../failures.js';
import { HEADERS } from '../headers.js';
import type { Identity } from '../identity.js';
import type { SignedRequestParts } from '../signature-v2.js';
import { checkOptions, verifyRequest } from '../verify.js';
import type { MiddlewareOptions } from './node.js';

export type { Identity, MiddlewareOptions };

/** Type the app with it so `c.get('miniapp')` is known: `new Hono<MiniappEnv>()`. */
export type MiniappEnv = { Variables: { miniapp: Identity; miniappVerified: Identity } };

/**
 * Hono middleware: 401 JSON for a request the proxy did not sign, `c.get('miniapp')` for one it did.
 * A request with X-Platform-Signature-V2 is checked by it (method, target, raw body, headers);
 * `c.get('miniappVerified')` is what the signature covered (only `appUserId` with v1).
 *
 * @example
 * const app = new Hono<MiniappEnv>();
 * app.use(miniapp({ secret: process.env.MINIAPP_SECRET! }));
 * app.get('/', (c) => c.json({ type: 'text', text: `Hi ${c.get('miniapp').name ?? ''}` }));
 */
export function miniapp(options: MiddlewareOptions): MiddlewareHandler<MiniappEnv> {
  checkOptions(options);
  return async (c, next) => {
    const headers = c.req.raw.headers;
    // v2 covers the raw body: read through Hono, which keeps it for the handler's c.req.json() and the like.
    let request: SignedRequestParts | undefined;
    if (headers.has(HEADERS.signatureV2)) {
      const url = new URL(c.req.url);
      const body = c.req.raw.body === null ? undefined : new Uint8Array(await c.req.arrayBuffer());
      request = { method: c.req.method, target: url.pathname + url.search, body };
    }
    const result = verifyRequest(headers, { ...options, request });
    if (!result.ok) {
      options.onRefused?.(result);
      return c.json(refusalBody(result), VERIFY_FAILURE_STATUS);
    }
    c.set('miniapp', result.identity);
    c.set('miniappVerified', result.verified);
    await next();
  };
}
