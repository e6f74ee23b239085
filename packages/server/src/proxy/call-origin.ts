// Step 7: one exchange with the origin: no redirects, a deadline for the whole of it, the answer cut at 512 KB.
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { isEgressRefused } from '../egress/guard.js';
import { AppError } from '../errors.js';

/** CONTRACT.md "Limits": the answer in under 10 seconds, slow-drip bodies included. */
export const ORIGIN_DEADLINE_MS = 10_000;
/** CONTRACT.md "Limits": at most 512 KB. */
export const MAX_ANSWER_BYTES = 512 * 1024;

export interface OriginRequest {
  origin: string;
  /** Path and query, as checked and filtered. */
  path: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body: Buffer | undefined;
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

/**
 * Sends the request and collects the answer through undici's handler interface: chunks arrive as
 * buffers and are counted as they come, so nothing past the cap is ever held, whatever the origin
 * claims in Content-Length. Every failure becomes one of the proxy's coded errors.
 */
export function callOrigin(
  dispatcher: Dispatcher,
  request: OriginRequest,
  limits: CallLimits = { deadlineMs: ORIGIN_DEADLINE_MS, maxBytes: MAX_ANSWER_BYTES },
): Promise<OriginAnswer> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    let size = 0;
    const chunks: Buffer[] = [];

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      reject(error);
      // Aborting closes the connection: whatever else the origin sends is never read.
      controller?.abort(error);
    };
    const deadline = setTimeout(
      () =>
        fail(
          new AppError(
            'origin_timeout',
            `The origin did not answer within ${limits.deadlineMs / 1000} seconds.`,
          ),
        ),
      limits.deadlineMs,
    );
    const tooLarge = () =>
      new AppError('origin_too_large', `The origin answer is over ${limits.maxBytes / 1024} KB.`);

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(ctrl) {
        controller = ctrl;
        // The deadline may pass while the request still waits for a connection.
        if (settled) ctrl.abort(new Error('abandoned'));
      },
      onResponseStart(ctrl, statusCode, responseHeaders) {
        controller = ctrl;
        if (statusCode >= 300 && statusCode < 400) {
          fail(
            new AppError(
              'origin_redirect',
              `The origin answered ${statusCode}; redirects are not followed.`,
              {
                status: statusCode,
              },
            ),
          );
          return;
        }
        const length = Number(responseHeaders['content-length']);
        if (length > limits.maxBytes) {
          fail(tooLarge());
          return;
        }
        status = statusCode;
        headers = responseHeaders;
      },
      onResponseData(_ctrl, chunk) {
        if (settled) return;
        size += chunk.length;
        if (size > limits.maxBytes) {
          fail(tooLarge());
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve({ status, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
      },
      onResponseError(_ctrl, error) {
        fail(originError(error));
      },
    };

    try {
      dispatcher.dispatch(
        {
          origin: request.origin,
          path: request.path,
          method: request.method,
          headers: request.headers,
          body: request.body ?? null,
          // The deadline above covers the whole exchange; undici's own per-phase timers would only repeat it.
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        handler,
      );
    } catch (error) {
      fail(originError(error as Error));
    }
  });
}

/** Maps what undici and the socket report to the proxy's codes; the low-level reason goes in details. */
export function originError(error: Error): AppError {
  if (error instanceof AppError) return error;
  if (isEgressRefused(error)) {
    return new AppError('forbidden_origin', `The origin is not an allowed host: ${error.reason}.`, {
      host: error.hostname,
      reason: error.reason,
    });
  }
  const code = (error as { code?: string }).code ?? error.name;
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new AppError('origin_timeout', 'The origin did not answer in time.', { reason: code });
  }
  return new AppError('origin_unreachable', 'The origin could not be reached.', { reason: code });
}
