// Turns every failure into the public error envelope: coded errors as they are, Fastify's by status, the rest 500.

import type { ErrorCode } from '@miniapps/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, databaseUnavailable, errorBody, messageLanguage } from '../errors.js';
import { requestLanguage } from '../i18n/language.js';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  503: 'unavailable',
};

export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const where = fastifyError.validationContext ?? 'body';
    const details = fastifyError.validation.map((v) => ({
      in: where,
      path: v.instancePath || '/',
      message: v.message ?? 'is invalid',
    }));
    const first = details[0];
    // Ajv's own texts stay English (docs/decisions.md "Languages"); the frame around them is translated.
    return new AppError(
      'bad_request',
      first
        ? { key: 'validation.field', values: { where, path: first.path, message: first.message } }
        : undefined,
      details,
    );
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, body too large) keep their message:
    // it is about the request, never about our internals.
    return new AppError(codeByStatus[status] ?? 'bad_request', fastifyError.message);
  }
  if (status === 503) return new AppError('unavailable');
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return new AppError('internal');
}

/** Vary with Accept-Language added: CORS may have set `Vary: origin` already. */
export function withAcceptLanguage(vary: unknown): string {
  return vary ? `${String(vary)}, Accept-Language` : 'Accept-Language';
}

/**
 * Sends the envelope with its message in the request's language; `Content-Language` names the language the
 * message is in, and `Vary` tells caches the answer depends on Accept-Language.
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError): FastifyReply {
  const language = requestLanguage(request.headers['accept-language']);
  return reply
    .status(appError.status)
    .type('application/json')
    .header('content-language', messageLanguage(appError, language))
    .header('vary', withAcceptLanguage(reply.getHeader('vary')))
    .send(errorBody(appError, language));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.code === 'unavailable')
      request.log.warn({ err: error.message }, 'request refused: unavailable');
    else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    if (appError.headers) reply.headers(appError.headers);
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const error = new AppError('not_found', {
      key: 'errors.no_route',
      values: { method: request.method, path },
    });
    return sendError(request, reply, error);
  });
}
