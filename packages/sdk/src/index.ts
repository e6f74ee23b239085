// @miniapps/sdk: verify the platform's signed identity headers and build screens with types.
export {
  refusalBody,
  VERIFY_FAILURE_STATUS,
  type VerifyFailureBody,
  type VerifyFailureReason,
  verifyFailures,
} from './failures.js';
export { HEADERS, type HeaderSource, readHeader } from './headers.js';
export { decodeBase64Utf8, type Identity, type Scope } from './identity.js';
export { pickLanguage } from './language.js';
export * from './screens/generated.js';
export { signAppUser, signaturesEqual } from './signature.js';
export {
  parseSignatureV2,
  platformHeaderLines,
  type SignedRequestParts,
  signatureV2Text,
  signV2,
} from './signature-v2.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  type Instant,
  type RefusedRequest,
  type VerifiedRequest,
  type VerifyOptions,
  type VerifyResult,
  verifyRequest,
} from './verify.js';
export {
  signWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookFailure,
  type WebhookResult,
} from './webhook.js';
