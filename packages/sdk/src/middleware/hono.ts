// Hono: `app.use(miniapp({ secret }))` refuses unsigned requests; `c.get('miniapp')` is the user.
import type { MiddlewareHandler } from 'hono';
import { refusalBody, VERIFY_FAILURE_STATUS } from '../failures.js';
import type { Identity } from '../identity.js';
import { checkOptions, verifyRequest } from '../verify.js';
import type { MiddlewareOptions } from './node.js';

export type { Identity, MiddlewareOptions };

/** Type the app with it so `c.get('miniapp')` is known: `new Hono<MiniappEnv>()`. */
export type MiniappEnv = { Variables: { miniapp: Identity } };

/**
 * Hono middleware: 401 JSON for a request the proxy did not sign, `c.get('miniapp')` for one it did.
 *
 * @example
 * const app = new Hono<MiniappEnv>();
 * app.use(miniapp({ secret: process.env.MINIAPP_SECRET! }));
 * app.get('/', (c) => c.json({ type: 'text', text: `Hi ${c.get('miniapp').name ?? ''}` }));
 */
export function miniapp(options: MiddlewareOptions): MiddlewareHandler<MiniappEnv> {
  checkOptions(options);
  return async (c, next) => {
    const result = verifyRequest(c.req.raw.headers, options);
    if (!result.ok) {
      options.onRefused?.(result);
      return c.json(refusalBody(result), VERIFY_FAILURE_STATUS);
    }
    c.set('miniapp', result.identity);
    await next();
  };
}
