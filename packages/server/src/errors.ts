// The one registry of error codes the platform answers with, each with its HTTP status; messages live in src/i18n.
import { formatMessage, type Language, type Message } from './i18n/messages.js';

/** Every code a client can see, with its HTTP status (docs/contract.md "Errors"); its default message is `errors.<code>` in the catalogues. */
export const errorCodes = {
  // generic
  bad_request: { status: 400 },
  unauthorized: { status: 401 },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  payload_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  validation_failed: { status: 422 },
  internal: { status: 500 },
  unavailable: { status: 503 },
  // HTTP the server cannot parse (http/client-error.ts)
  request_timeout: { status: 408 },
  headers_too_large: { status: 431 },

  // organizations, apps, tokens (management API)
  org_not_found: { status: 404 },
  org_exists: { status: 409 },
  app_exists: { status: 409 },
  bad_slug: { status: 422 },
  bad_origin: { status: 422 },
  service_not_allowed: { status: 422 },
  token_limit: { status: 422 },
  // quotas (docs/decisions.md "Quotas"); a rate quota answers `rate_limited` (429) instead
  quota_exceeded: { status: 422 },
  token_not_found: { status: 404 },
  user_not_found: { status: 404 },
  // members and invitations
  member_not_found: { status: 404 },
  last_owner: { status: 409 },
  already_member: { status: 409 },
  invitation_not_found: { status: 404 },
  dev_login_disabled: { status: 403 },
  // the CLI's OpenID Connect sign-in (cli-auth/routes.ts)
  sign_in_not_configured: { status: 404 },

  // deploy (docs/contract.md "Deploy hosted screens")
  invalid_token: { status: 401 },
  app_not_found: { status: 422 },
  not_hosted: { status: 422 },
  suspended: { status: 422 },
  bad_screens: { status: 422 },
  // hosted files beside the screens (datasets, strings)
  bad_data: { status: 422 },
  bad_strings: { status: 422 },
  files_too_large: { status: 413 },
  revision_not_found: { status: 404 },

  // moderation
  bad_transition: { status: 409 },

  // notify (docs/contract.md "Push to subscribers")
  not_published: { status: 422 },
  notifications_not_declared: { status: 422 },
  bad_notification: { status: 422 },

  // proxy (docs/contract.md "The proxy, as the client calls it")
  app_unavailable: { status: 403 },
  forbidden_origin: { status: 403 },
  bad_path: { status: 400 },
  method_not_allowed: { status: 405 },
  rate_limited: { status: 429 },
  no_backend: { status: 404 },
  dataset_not_found: { status: 404 },
  origin_redirect: { status: 502 },
  origin_invalid_json: { status: 502 },
  origin_too_large: { status: 502 },
  origin_timeout: { status: 504 },
  origin_unreachable: { status: 502 },
  service_not_found: { status: 404 },

  // per-user app storage
  bad_key: { status: 400 },
  value_too_large: { status: 413 },
  too_many_keys: { status: 422 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof errorCodes;

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

/** The public error envelope (docs/contract.md "Errors"). */
export interface ErrorBody {
  ok: false;
  error: ErrorCode;
  message: string;
  details?: unknown;
}

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
