// Express 5: `app.use(miniapp({ secret }))` refuses unsigned requests and puts the identity on `req.miniapp`.
import type { NextFunction, Request, Response } from 'express';
import { refusalBody, VERIFY_FAILURE_STATUS } from '../failures.js';
import type { Identity } from '../identity.js';
import { checkOptions, verifyRequest } from '../verify.js';
import { bodilessParts, refuseRequireV2 } from './bodiless.js';
import type { MiddlewareOptions } from './node.js';

export type { Identity, MiddlewareOptions };

declare global {
  namespace Express {
    interface Request {
      /** The verified user; set by the `miniapp()` middleware of @miniapps/sdk/express. */
      miniapp?: Identity;
      /** What the signature covered: all of `miniapp` with v2, only `appUserId` with v1. */
      miniappVerified?: Identity;
    }
  }
}

/**
 * Express middleware: 401 JSON for a request the proxy did not sign, `req.miniapp` for one it did.
 *
 * @example
 * app.use(miniapp({ secret: process.env.MINIAPP_SECRET! }));
 * app.get('/', (req, res) => res.json({ type: 'text', text: `Hi ${req.miniapp!.name ?? ''}` }));
 */
export function miniapp(
  options: MiddlewareOptions,
): (req: Request, res: Response, next: NextFunction) => void {
  checkOptions(options);
  refuseRequireV2(options, 'miniapp');
  return (req, res, next) => {
    // originalUrl: what the proxy sent, whatever router this is mounted under.
    const result = verifyRequest(req.headers, { ...options, request: bodilessParts(req, req.originalUrl) });
    if (!result.ok) {
      options.onRefused?.(result);
      res.status(VERIFY_FAILURE_STATUS).json(refusalBody(result));
      return;
    }
    req.miniapp = result.identity;
    req.miniappVerified = result.verified;
    next();
  };
}
