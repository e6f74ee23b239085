// The one list of error codes a host can see, and the error class whose identity survives two copies of the package.

/**
 * Every code of the platform's error registry (`packages/server/src/errors.ts`; a test keeps the two equal),
 * then the host's own codes for failures that never reached an answer.
 */
export const hostErrorCodes = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'request_timeout',
  'headers_too_large',
  'validation_failed',
  'internal',
  'unavailable',
  'org_not_found',
  'org_exists',
  'app_exists',
  'bad_slug',
  'bad_origin',
  'service_not_allowed',
  'token_limit',
  'quota_exceeded',
  'token_not_found',
  'user_not_found',
  'dev_login_disabled',
  'dev_origins_disabled',
  'sign_in_not_configured',
  // members and invitations
  'member_not_found',
  'last_owner',
  'already_member',
  'invitation_not_found',
  'invalid_token',
  'app_not_found',
  'not_hosted',
  'suspended',
  'bad_screens',
  // hosted files beside the screens: datasets, locale strings
  'bad_data',
  'bad_strings',
  'files_too_large',
  'revision_not_found',
  'bad_transition',
  'not_published',
  'notifications_not_declared',
  'bad_notification',
  'app_unavailable',
  'forbidden_origin',
  'bad_path',
  'method_not_allowed',
  'rate_limited',
  'no_backend',
  'dataset_not_found',
  'origin_redirect',
  'origin_invalid_json',
  'origin_too_large',
  'origin_bad_document',
  'origin_timeout',
  'origin_unreachable',
  'service_not_found',
  // files sent through the proxy
  'bad_upload',
  'file_too_large',
  'upload_too_large',
  'file_type_refused',
  'file_type_mismatch',
  // per-user app storage
  'bad_key',
  'value_too_large',
  'too_many_keys',
  'collection_not_found',
  'form_closed',
  'form_full',
  'response_limit',
  // The host's own: no answer, an answer that is not JSON, a refusal whose code is not the platform's
  // (an origin's own 4xx/5xx passed through by the proxy), a call given arguments it cannot send, and a user
  // who left the consent prompt without choosing (the app was not opened), the same after a consent withdrawn
  // elsewhere was asked again; and a page whose origin the platform does not allow (CORS_ORIGINS), known before
  // any call (the browser would only say TypeError).
  'network_error',
  'bad_answer',
  'http_error',
  'bad_argument',
  'consent_declined',
  'consent_revoked',
  'origin_not_allowed',
] as const;

export type HostErrorCode = (typeof hostErrorCodes)[number];

const knownCodes: ReadonlySet<string> = new Set(hostErrorCodes);

export function isHostErrorCode(value: unknown): value is HostErrorCode {
  return typeof value === 'string' && knownCodes.has(value);
}

// A registered symbol, so an error made by another copy of this package (two versions in one bundle) still counts.
const brand = Symbol.for('@miniapps/host.HostError');

export interface HostErrorInit {
  /** HTTP status of the answer; 0 when there was none. */
  status: number;
  details?: unknown;
  /** The `error` field exactly as the answer sent it (an origin's own code when the proxy passed it through). */
  sentCode?: string;
}

/** A failed call: the platform's code (or the host's own), the HTTP status and a message a user can read. */
export class HostError extends Error {
  override name = 'HostError';
  readonly code: HostErrorCode;
  readonly status: number;
  readonly details?: unknown;
  readonly sentCode?: string;
  readonly [brand] = true;

  constructor(code: HostErrorCode, message: string, init: HostErrorInit = { status: 0 }) {
    super(message);
    this.code = code;
    this.status = init.status;
    if (init.details !== undefined) this.details = init.details;
    if (init.sentCode !== undefined) this.sentCode = init.sentCode;
  }

  /** `instanceof` agrees with `isHostError`, across copies of the package too. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isHostError(value);
  }
}

/** True for a HostError of any copy of this package. */
export function isHostError(value: unknown): value is HostError {
  return typeof value === 'object' && value !== null && (value as { [brand]?: unknown })[brand] === true;
}

/** The HostError of a non-2xx answer, read from the platform's envelope `{ok:false, error, message, details?}`. */
export function errorOfAnswer(answer: { status: number; body: unknown }): HostError {
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as {
    error?: unknown;
    message?: unknown;
    details?: unknown;
  };
  const sent = typeof body.error === 'string' ? body.error : undefined;
  const message =
    typeof body.message === 'string' ? body.message : `The request failed (HTTP ${answer.status}).`;
  const init: HostErrorInit = { status: answer.status };
  if (body.details !== undefined) init.details = body.details;
  if (sent !== undefined) init.sentCode = sent;
  return new HostError(isHostErrorCode(sent) ? sent : 'http_error', message, init);
}

/** The same failure told in other words: code, status, details and sent code kept. */
export function withMessage(error: HostError, message: string): HostError {
  const init: HostErrorInit = { status: error.status, details: error.details };
  if (error.sentCode !== undefined) init.sentCode = error.sentCode;
  return new HostError(error.code, message, init);
}
