// Fastify's own URL errors (malformed percent-encoding) in the platform's envelope: `bad_path` on proxy routes.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { sendError } from '../../http/error-handler.js';
import { isProxyUrl } from '../route-table.js';

/**
 * The router rejects URLs it cannot decode (`%zz`, `%c0%ae`) before any route runs. On a proxy
 * route that is a path refused like any other; elsewhere it is a plain bad request.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const proxied = isProxyUrl(request.url) && error.code === 'FST_ERR_BAD_URL';
  const appError = proxied
    ? new AppError('bad_path', { key: 'proxy.malformed_percent' })
    : new AppError('bad_request', error.message);
  sendError(request, reply, appError);
}
