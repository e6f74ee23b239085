// The one registry of error codes the platform answers with, each with its HTTP status and a default message.

/** Every code a client can see, with its HTTP status (CONTRACT.md "Errors", DESIGN.md). */
export const errorCodes = {
  // generic
  bad_request: { status: 400, message: 'The request is malformed.' },
  unauthorized: { status: 401, message: 'A valid user token is required.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  not_found: { status: 404, message: 'No such resource.' },
  conflict: { status: 409, message: 'The resource already exists.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'The request body must be JSON.' },
  validation_failed: { status: 422, message: 'The request has invalid fields.' },
  internal: { status: 500, message: 'Something went wrong on our side.' },
  unavailable: { status: 503, message: 'The service is not ready.' },

  // organizations, apps, tokens (management API)
  org_not_found: { status: 404, message: 'No such organization, or you are not a member.' },
  org_exists: { status: 409, message: 'An organization with this id exists.' },
  app_exists: { status: 409, message: 'An app with this slug exists in the organization.' },
  bad_slug: { status: 422, message: 'A slug is 2 to 63 lowercase letters, digits or hyphens.' },
  bad_origin: { status: 422, message: 'The origin is not an allowed https address.' },
  service_not_allowed: { status: 422, message: 'Service apps are created by the platform only.' },
  token_limit: { status: 422, message: 'An account may hold at most 5 deploy tokens.' },
  token_not_found: { status: 404, message: 'No such deploy token.' },
  user_not_found: { status: 404, message: 'No user with this e-mail.' },
  dev_login_disabled: { status: 403, message: 'The dev login is off on this platform.' },

  // deploy (CONTRACT.md "Deploy endpoint")
  invalid_token: { status: 401, message: 'The deploy token is unknown or revoked.' },
  app_not_found: { status: 422, message: 'No such app among those your token may deploy.' },
  not_hosted: { status: 422, message: 'The app is registered as remote; its screens live on its origin.' },
  suspended: { status: 422, message: 'The app is suspended by moderation.' },
  bad_screens: { status: 422, message: 'The screens are not a valid deploy.' },
  revision_not_found: { status: 404, message: 'No such revision.' },

  // moderation
  bad_transition: { status: 409, message: 'The app is not in a state that allows this.' },

  // notify (DESIGN.md)
  not_published: { status: 422, message: 'The app has no published version.' },
  notifications_not_declared: { status: 422, message: 'The app does not declare the notifications scope.' },
  bad_notification: { status: 422, message: 'The notification is invalid.' },

  // proxy (DESIGN.md)
  app_unavailable: { status: 403, message: 'The app is not available.' },
  forbidden_origin: { status: 403, message: "The app's origin is not an allowed host." },
  bad_path: { status: 400, message: 'The path is not allowed.' },
  method_not_allowed: { status: 405, message: 'The method is not allowed.' },
  rate_limited: { status: 429, message: 'Too many requests; try again later.' },
  no_backend: { status: 404, message: 'A hosted app has no API backend.' },
  origin_redirect: { status: 502, message: 'The origin answered with a redirect, which is not followed.' },
  origin_invalid_json: { status: 502, message: 'The origin did not answer with valid JSON.' },
  origin_too_large: { status: 502, message: 'The origin answer is over 512 KB.' },
  origin_timeout: { status: 504, message: 'The origin did not answer within 10 seconds.' },
  origin_unreachable: { status: 502, message: 'The origin could not be reached.' },
  service_not_found: { status: 404, message: 'No such service function.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** An error a client may see: a stable code, its status, a human message and optional details. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? errorCodes[code].message);
    this.name = 'AppError';
    this.status = errorCodes[code].status;
  }
}

/** Makes an AppError; the one place errors are created. */
export function appError(code: ErrorCode, message?: string, details?: unknown): AppError {
  return new AppError(code, message, details);
}

/** 503 `unavailable` with `Retry-After`: the database cannot be reached (src/db/unavailable.ts tells). */
export function databaseUnavailable(): AppError {
  return new AppError('unavailable', 'The database is unavailable; try again shortly.', undefined, {
    'retry-after': '5',
  });
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The public error envelope of DESIGN.md. */
export interface ErrorBody {
  ok: false;
  error: ErrorCode;
  message: string;
  details?: unknown;
}

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = { ok: false, error: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  return body;
}
