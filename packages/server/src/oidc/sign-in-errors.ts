// Why a sign-in failed, in words a person can act on: each failure of the code flow named, with a page to show.
import { AuthorizationResponseError, ClientError, ResponseBodyError } from 'openid-client';

export type SignInProblem =
  | 'idp_down'
  | 'cancelled'
  | 'clock_skew'
  | 'state_mismatch'
  | 'refused'
  | 'idp_error'
  | 'no_email'
  | 'email_unverified'
  | 'email_taken';

export interface SignInFailure {
  problem: SignInProblem;
  /** The IdP's error code (`access_denied`, `invalid_grant`), shown on the idp_error page. */
  error?: string;
  /** For the log: what exactly failed (never a token). */
  detail: string;
}

/** openid-client's codes (oauth4webapi) that mean the answer failed a check, not that the IdP was unreachable. */
const CHECK_FAILED = new Set([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_KEY_SELECTION_FAILED',
  'OAUTH_PARSE_ERROR',
  'OAUTH_INVALID_REQUEST',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
]);

export function signInFailureOf(error: unknown): SignInFailure {
  const detail = describe(error);
  if (error instanceof AuthorizationResponseError) {
    const code = error.error;
    if (code === 'access_denied') return { problem: 'cancelled', error: code, detail };
    return { problem: 'idp_error', error: code, detail };
  }
  if (error instanceof ResponseBodyError) return { problem: 'idp_error', error: error.error, detail };
  const code = codeOf(error);
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') {
    // `exp` in the past or `iat` in the future: a token this old cannot come from the flow just started, so a clock is off.
    return { problem: 'clock_skew', detail };
  }
  if (code === 'OAUTH_INVALID_RESPONSE' && /"state"/.test(detail))
    return { problem: 'state_mismatch', detail };
  if (code !== undefined && CHECK_FAILED.has(code)) return { problem: 'refused', detail };
  if (
    error instanceof TypeError ||
    code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
    code === 'OAUTH_RESPONSE_IS_NOT_JSON'
  ) {
    return { problem: 'idp_down', detail };
  }
  return { problem: 'refused', detail };
}

function codeOf(error: unknown): string | undefined {
  if (error instanceof ClientError && error.code) {
    const cause = error.cause as { code?: string } | undefined;
    return error.code === 'OAUTH_INVALID_RESPONSE' && cause?.code ? cause.code : error.code;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
