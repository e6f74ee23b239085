// Step 7: one exchange with the origin: no redirects, a deadline for the whole of it, the answer cut at 512 KB.

import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { MAX_ORIGIN_ANSWER_BYTES, ORIGIN_DEADLINE_MS } from '@miniapps/contract';
import type { Dispatcher } from 'undici';
import { AppError } from '../errors.js';
import type { ObserveOrigin } from '../http/origin-metrics.js';
import { isEgressRefused } from './guard.js';
import type { HeaderList } from './header-list.js';

export interface OriginRequest {
  origin: string;
  /** Path and query, as checked and filtered. */
  path: string;
  method: Dispatcher.HttpMethod;
  headers: HeaderList;
  /** JSON and other small bodies in memory; an upload as a stream from its file on disk. */
  body: Buffer | Readable | undefined;
  /** Sent with If-None-Match: a 304 is then the answer (with no body), not a redirect. */
  conditional?: boolean | undefined;
}

export interface OriginAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface CallLimits {
  deadlineMs: number;
  maxBytes: number;
}

export const ORIGIN_LIMITS: CallLimits = {
  deadlineMs: ORIGIN_DEADLINE_MS,
  maxBytes: MAX_ORIGIN_ANSWER_BYTES,
};

/**
 * Sends the request and collects the answer through undici's handler interface: chunks arrive as
 * buffers and are counted as they come, so nothing past the cap is ever held, whatever the origin
 * claims in Content-Length. Every failure becomes one of the proxy's coded errors.
 */
export function callOrigin(
  dispatcher: Dispatcher,
  request: OriginRequest,
  limits: CallLimits = ORIGIN_LIMITS,
  observe?: ObserveOrigin,
): Promise<OriginAnswer> {
  return new Promise((resolve, reject) => {
    const exchange = new OriginExchange(limits, resolve, reject, observe, request.conditional === true);
    try {
      dispatcher.dispatch(
        {
          origin: request.origin,
          path: request.path,
          method: request.method,
          // undici only reads the list; its type asks for a mutable one.
          headers: request.headers as string[],
          body: request.body ?? null,
          // The deadline covers the whole exchange; undici's own per-phase timers would only repeat it.
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        exchange,
      );
    } catch (error) {
      exchange.fail(originError(error as Error));
    }
  });
}

/**
 * One exchange's state as undici's handler. A class rather than closures: this runs for every
 * proxied request, and each named closure made per request costs (tsx keeps function names by
 * defining them on every closure it creates).
 */
class OriginExchange implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined;
  #settled = false;
  #status = 0;
  #headers: IncomingHttpHeaders = {};
  #size = 0;
  readonly #chunks: Buffer[] = [];
  readonly #deadline: NodeJS.Timeout;
  readonly #started = performance.now();

  constructor(
    private readonly limits: CallLimits,
    private readonly resolve: (answer: OriginAnswer) => void,
    private readonly reject: (error: AppError) => void,
    private readonly observe: ObserveOrigin | undefined,
    private readonly conditional: boolean,
  ) {
    this.#deadline = setTimeout(
      () =>
        this.fail(
          new AppError('origin_timeout', {
            key: 'proxy.origin_deadline',
            values: { seconds: limits.deadlineMs / 1000 },
          }),
        ),
      limits.deadlineMs,
    );
  }

  fail(error: AppError): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#deadline);
    this.observe?.(error.code, (performance.now() - this.#started) / 1000);
    this.reject(error);
    // Aborting closes the connection: whatever else the origin sends is never read.
    this.#controller?.abort(error);
  }

  #tooLarge(): AppError {
    return new AppError('origin_too_large', {
      key: 'proxy.origin_too_large',
      values: { kb: this.limits.maxBytes / 1024 },
    });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    // The deadline may pass while the request still waits for a connection.
    if (this.#settled) controller.abort(new Error('abandoned'));
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    this.#controller = controller;
    if (statusCode >= 300 && statusCode < 400 && !(statusCode === 304 && this.conditional)) {
      this.fail(
        new AppError(
          'origin_redirect',
          { key: 'proxy.origin_redirect', values: { status: statusCode } },
          {
            status: statusCode,
          },
        ),
      );
      return;
    }
    if (Number(headers['content-length']) > this.limits.maxBytes) {
      this.fail(this.#tooLarge());
      return;
    }
    this.#status = statusCode;
    this.#headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#settled) return;
    this.#size += chunk.length;
    if (this.#size > this.limits.maxBytes) {
      this.fail(this.#tooLarge());
      return;
    }
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#deadline);
    this.observe?.(this.#status, (performance.now() - this.#started) / 1000);
    const chunks = this.#chunks;
    this.resolve({
      status: this.#status,
      headers: this.#headers,
      body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#size),
    });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(originError(error));
  }
}

/** Maps what undici and the socket report to the proxy's codes; the low-level reason goes in details. */
export function originError(error: Error): AppError {
  if (error instanceof AppError) return error;
  if (isEgressRefused(error)) {
    return new AppError(
      'forbidden_origin',
      { key: 'proxy.egress_refused', values: { reason: error.reason } },
      {
        host: error.hostname,
        reason: error.reason,
      },
    );
  }
  const code = (error as { code?: string }).code ?? error.name;
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new AppError('origin_timeout', { key: 'proxy.origin_timeout' }, { reason: code });
  }
  return new AppError('origin_unreachable', { key: 'errors.origin_unreachable' }, { reason: code });
}
