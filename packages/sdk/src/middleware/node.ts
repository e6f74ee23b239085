// node:http: wrap a request handler so it only runs for requests the proxy signed, with the identity decoded.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refusalBody, VERIFY_FAILURE_STATUS } from '../failures.js';
import type { Identity } from '../identity.js';
import { checkOptions, type RefusedRequest, type VerifyOptions, verifyRequest } from '../verify.js';
import { bodilessParts, refuseRequireV2 } from './bodiless.js';

export type { Identity, VerifyOptions };

/** Options of every middleware: those of verifyRequest, plus what to do with a refused request. */
export interface MiddlewareOptions extends VerifyOptions {
  /** Called for each refused request before the 401 answer, e.g. to log it. */
  onRefused?: ((refusal: RefusedRequest) => void) | undefined;
}

export interface NodeMiddlewareOptions extends MiddlewareOptions {
  /** Called when the handler throws or rejects, after a JSON 500 answer. Default: console.error. */
  onError?: ((error: unknown, req: IncomingMessage) => void) | undefined;
}

export type SignedHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  identity: Identity,
  /** What the signature covered: all of `identity` with v2, only `appUserId` with v1. */
  verified: Identity,
) => void | Promise<void>;

/**
 * Runs `handler` only for requests whose signature verifies; others get 401 with a JSON error body.
 *
 * @example
 * http.createServer(withMiniapp({ secret }, (req, res, user) => {
 *   res.setHeader('content-type', 'application/json');
 *   res.end(JSON.stringify({ type: 'text', text: `Hello ${user.name ?? 'there'}` }));
 * }));
 */
export function withMiniapp(
  options: NodeMiddlewareOptions,
  handler: SignedHandler,
): (req: IncomingMessage, res: ServerResponse) => void {
  checkOptions(options);
  refuseRequireV2(options, 'withMiniapp');
  return (req, res) => {
    const result = verifyRequest(req.headers, { ...options, request: bodilessParts(req, req.url) });
    if (!result.ok) {
      options.onRefused?.(result);
      sendRefusal(res, result);
      return;
    }
    // A sync throw and a rejection are both the handler's own failure: answer JSON (the proxy turns an HTML
    // page into an error) and report it, instead of leaving the request hanging.
    new Promise<void>((resolve) => resolve(handler(req, res, result.identity, result.verified))).catch(
      (error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ ok: false, error: 'internal', message: 'The origin failed.' }));
        } else {
          res.destroy();
        }
        (options.onError ?? console.error)(error, req);
      },
    );
  };
}

/** Answers 401 with the refusal as JSON. */
export function sendRefusal(res: ServerResponse, refusal: RefusedRequest): void {
  res.writeHead(VERIFY_FAILURE_STATUS, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(refusalBody(refusal)));
}
