// Why a request was refused: the typed reasons verifyRequest returns, each with a message for the 401 body.

/** Every reason verifyRequest can refuse a request for; all of them answer 401 in the middleware. */
export const verifyFailures = {
  missing_app_user: 'The X-Platform-App-User header is missing.',
  missing_timestamp: 'The X-Platform-Timestamp header is missing.',
  missing_signature: 'The X-Platform-Signature header is missing.',
  bad_timestamp: 'X-Platform-Timestamp must be Unix seconds: 1 to 12 digits.',
  stale_timestamp: 'The request was signed too long ago.',
  future_timestamp: 'The request is signed too far in the future; check the clocks.',
  missing_signature_v2: 'The X-Platform-Signature-V2 header is missing and this origin requires it.',
  bad_signature: 'The signature does not match the signing secret.',
  bad_identity_header: 'An identity header is not valid base64 of UTF-8 text.',
} as const;

export type VerifyFailureReason = keyof typeof verifyFailures;

/** The body an origin answers a refused request with: the platform's error envelope. */
export interface VerifyFailureBody {
  ok: false;
  error: VerifyFailureReason;
  message: string;
}

/** The HTTP status the contract's reference behaviour gives every refused request. */
export const VERIFY_FAILURE_STATUS = 401;

/** The JSON body for a refusal, in the platform's envelope. */
export function refusalBody(refusal: { reason: VerifyFailureReason; message: string }): VerifyFailureBody {
  return { ok: false, error: refusal.reason, message: refusal.message };
}
