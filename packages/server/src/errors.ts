// The server's coded errors: the registry of codes and statuses is @miniapps/contract's; messages live in src/i18n.
import { type ErrorAnswer, type ErrorCode, errorCodes } from '@miniapps/contract';
import { formatMessage, type Language, type Message } from './i18n/messages.js';

/**
 * What an error says: a catalogue message (formatted in each answer's language) or, for texts that come from
 * a library (Fastify's, Ajv's), a fixed English string.
 */
export type ErrorText = Message | string;

/** An error a client may see: a stable code, its status, a human message and optional details. */
export class AppError extends Error {
  readonly status: number;
  readonly text: ErrorText;
  constructor(
    readonly code: ErrorCode,
    text?: ErrorText,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    const resolved = text ?? { key: `errors.${code}` as const };
    // `message` stays English: it is what logs and stack traces show.
    super(typeof resolved === 'string' ? resolved : formatMessage(resolved, 'en'));
    this.name = 'AppError';
    this.text = resolved;
    this.status = errorCodes[code].status;
  }
}

/** Makes an AppError; the one place errors are created. */
export function appError(code: ErrorCode, text?: ErrorText, details?: unknown): AppError {
  return new AppError(code, text, details);
}

/** 503 `unavailable` with `Retry-After`: the database cannot be reached (src/db/unavailable.ts tells). */
export function databaseUnavailable(): AppError {
  return new AppError('unavailable', { key: 'errors.database_unavailable' }, undefined, {
    'retry-after': '5',
  });
}

/** 503 `unavailable` with `Retry-After`: the session store (Redis) cannot be reached; the session is kept. */
export function sessionsUnavailable(): AppError {
  return new AppError('unavailable', { key: 'errors.sessions_unavailable' }, undefined, {
    'retry-after': '5',
  });
}

/** 405 `method_not_allowed` naming the methods that are allowed, in its message and in the `Allow` header. */
export function methodNotAllowed(method: string, allowed: string): AppError {
  return new AppError(
    'method_not_allowed',
    { key: 'proxy.method_not_allowed', values: { method, allowed } },
    undefined,
    { allow: allowed },
  );
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The public error envelope (the contract's ErrorSchema), its code one of the registry's. */
export type ErrorBody = ErrorAnswer & { error: ErrorCode };

/** The language an error's message is given in: a fixed library text is English whatever was asked. */
export function messageLanguage(error: AppError, language: Language): Language {
  return typeof error.text === 'string' ? 'en' : language;
}

export function errorBody(error: AppError, language: Language = 'en'): ErrorBody {
  const message = typeof error.text === 'string' ? error.text : formatMessage(error.text, language);
  const body: ErrorBody = { ok: false, error: error.code, message };
  if (error.details !== undefined) body.details = error.details;
  return body;
}
