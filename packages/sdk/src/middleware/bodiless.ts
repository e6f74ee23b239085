// node:http and Express: what they can check of signature v2 without taking the body from the handler.
// Internal to the middlewares (not an entry point of the package).
import type { IncomingMessage } from 'node:http';
import type { SignedRequestParts } from '../signature-v2.js';
import type { VerifyOptions } from '../verify.js';

/**
 * The parts signature v2 covers, for a request without a body (GET screens and most API reads): then v2 is
 * checked without touching the stream. A request with a body is left to v1 here, since reading it would
 * take it from the handler; check v2 yourself with verifyRequest and the raw body (docs/signing.md).
 */
export function bodilessParts(
  req: IncomingMessage,
  target: string | undefined,
): SignedRequestParts | undefined {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  return hasBody ? undefined : { method: req.method ?? 'GET', target: target ?? '/' };
}

/** Reading the body for v2 would take it from the handler: requireV2 is for Fastify, Hono and verifyRequest. */
export function refuseRequireV2(options: VerifyOptions, name: string): void {
  if (options.requireV2) {
    throw new TypeError(
      `${name}: requireV2 needs the raw body, which this middleware leaves to your handler; use verifyRequest with request (docs/signing.md)`,
    );
  }
}
