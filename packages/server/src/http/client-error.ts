// Requests node's parser refuses (a NUL or control character in the request line or a header, headers too large, too slow): the envelope, not Fastify's own body.
import type { Socket } from 'node:net';
import { AppError, errorBody } from '../errors.js';

/** What each parser failure is answered as: Fastify's statuses, our codes. */
function appErrorOf(code: string | undefined): AppError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('request_timeout');
  if (code === 'HPE_HEADER_OVERFLOW') return new AppError('headers_too_large');
  return new AppError('bad_request', { key: 'http.malformed_request' });
}

/**
 * Fastify's `clientErrorHandler`: the request never became one (no headers to read a language or a request id
 * from), so the answer is English, carries the security headers, and closes the connection as node does.
 */
export function clientErrorReply(security: readonly string[]) {
  const extra = security.map((part, i) => (i % 2 === 0 ? `${part}: ` : `${part}\r\n`)).join('');
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const appError = appErrorOf(error.code);
      const body = JSON.stringify(errorBody(appError));
      socket.write(
        `HTTP/1.1 ${appError.status} ${statusText(appError.status)}\r\n` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `${extra}connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

function statusText(status: number): string {
  return status === 408
    ? 'Request Timeout'
    : status === 431
      ? 'Request Header Fields Too Large'
      : 'Bad Request';
}
