// verifyRequest: the contract's reference check of the proxy's signature headers, returning who the user is.
import { type VerifyFailureReason, verifyFailures } from './failures.js';
import { HEADERS, type HeaderSource, readHeader } from './headers.js';
import { type Identity, readIdentity } from './identity.js';
import { signAppUser, signaturesEqual } from './signature.js';
import {
  parseSignatureV2,
  platformHeaderLines,
  type SignedRequestParts,
  signatureV2Text,
  signV2,
} from './signature-v2.js';

/** The contract's signature time window. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const TIMESTAMP = /^\d{1,12}$/;

/** A point in time: a Date or milliseconds since the epoch (as Date.now() gives). */
export type Instant = Date | number;

export interface VerifyOptions {
  /** The app's signing secret, as shown once when it was generated. */
  secret: string;
  /**
   * The secret before the last rotation, while you still hold it. Either of your secrets may match either
   * signature header, so requests signed just before a rotation still pass.
   */
  previousSecret?: string | undefined;
  /** The clock; a fixed instant or a function read on each call. Defaults to the system clock. */
  now?: Instant | (() => Instant) | undefined;
  /** Largest allowed distance between now and the timestamp, past or future. Default 300 (the contract). */
  toleranceSeconds?: number | undefined;
  /**
   * The request as received (method, target, raw body): with it, X-Platform-Signature-V2 is checked when
   * present, which covers the method, target, body and every identity header. Without it only v1 is checked.
   */
  request?: SignedRequestParts | undefined;
  /** Refuse requests without a verifying v2 signature (v1 alone covers only the app-user id). Needs `request`. */
  requireV2?: boolean | undefined;
}

export interface VerifiedRequest {
  ok: true;
  /**
   * Every identity header as sent, decoded. With `version: 1` only `appUserId` was covered by the signature;
   * read `verified` for what was.
   */
  identity: Identity;
  /** What the verified signature covers: all of `identity` with v2, only `appUserId` (no scopes) with v1. */
  verified: Identity;
  /** 2 when X-Platform-Signature-V2 verified (method, target, body, headers); 1 when only v1 did. */
  version: 1 | 2;
  /** The signature time, Unix seconds. */
  timestamp: number;
  /** Which of your secrets matched: `previous` means you have rotated and the proxy still signs with the old. */
  secret: 'current' | 'previous';
  /**
   * Which header matched: `X-Platform-Signature-Prev` with your current secret means the platform holds a newer
   * secret than you do; install it within 24 hours, before the previous one stops being sent.
   */
  header: 'x-platform-signature' | 'x-platform-signature-prev' | 'x-platform-signature-v2';
}

export interface RefusedRequest {
  ok: false;
  reason: VerifyFailureReason;
  message: string;
}

export type VerifyResult = VerifiedRequest | RefusedRequest;

/**
 * Checks the signature the proxy adds to every request (docs/contract.md "Signatures v1 and v2") and returns the
 * decoded identity, or why the request must be refused with 401.
 *
 * @example
 * const result = verifyRequest(req.headers, { secret: process.env.MINIAPP_SECRET! });
 * if (!result.ok) return res.writeHead(401).end(JSON.stringify({ ok: false, error: result.reason }));
 * console.log(result.identity.appUserId, result.identity.name);
 */
export function verifyRequest(headers: HeaderSource, options: VerifyOptions): VerifyResult {
  const { secret, previousSecret } = checkOptions(options);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;

  const appUserId = readHeader(headers, HEADERS.appUser);
  if (appUserId === undefined) return refuse('missing_app_user');
  const timestampText = readHeader(headers, HEADERS.timestamp);
  if (timestampText === undefined) return refuse('missing_timestamp');
  const v2 = readHeader(headers, HEADERS.signatureV2);
  if (options.requireV2 && v2 === undefined) return refuse('missing_signature_v2');
  if (options.requireV2 && options.request === undefined) {
    throw new TypeError('verifyRequest: options.requireV2 needs options.request (method, target, raw body)');
  }
  const signature = readHeader(headers, HEADERS.signature);
  if (signature === undefined && (v2 === undefined || options.request === undefined)) {
    return refuse('missing_signature');
  }

  if (!TIMESTAMP.test(timestampText)) return refuse('bad_timestamp');
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor(instantMs(options.now) / 1000);
  if (nowSeconds - timestamp > tolerance) {
    return refuse('stale_timestamp', `The request was signed more than ${tolerance} seconds ago.`);
  }
  if (timestamp - nowSeconds > tolerance) {
    return refuse(
      'future_timestamp',
      `The request is signed more than ${tolerance} seconds in the future; check the clocks.`,
    );
  }

  const mine: [VerifiedRequest['secret'], string][] = [['current', secret]];
  if (previousSecret !== undefined) mine.push(['previous', previousSecret]);
  const identityOf = (
    which: VerifiedRequest['secret'],
    header: VerifiedRequest['header'],
    version: 1 | 2,
  ) => {
    const read = readIdentity(headers, appUserId);
    if (!read.ok) return refuse('bad_identity_header', `${read.header} is not valid base64 of UTF-8 text.`);
    const verified = version === 2 ? read.identity : { appUserId, scopes: [] };
    return {
      ok: true,
      identity: read.identity,
      verified,
      version,
      timestamp,
      secret: which,
      header,
    } as const;
  };

  // A v2 that is present and checkable decides alone: falling back to v1 would let a changed body through.
  if (v2 !== undefined && options.request !== undefined) {
    const parsed = parseSignatureV2(v2);
    if (parsed === undefined || parsed.timestamp !== timestampText) return refuse('bad_signature');
    const text = signatureV2Text(timestampText, options.request, platformHeaderLines(headers));
    for (const [which, key] of mine) {
      const expected = signV2(key, text);
      if (parsed.signatures.some((value) => signaturesEqual(expected, value))) {
        return identityOf(which, HEADERS.signatureV2, 2);
      }
    }
    return refuse('bad_signature');
  }

  const provided = [
    [HEADERS.signature, signature],
    [HEADERS.signaturePrev, readHeader(headers, HEADERS.signaturePrev)],
  ] as const;
  for (const [which, key] of mine) {
    const expected = signAppUser(key, appUserId, timestampText);
    for (const [header, value] of provided) {
      if (value !== undefined && signaturesEqual(expected, value)) return identityOf(which, header, 1);
    }
  }
  return refuse('bad_signature');
}

function refuse(reason: VerifyFailureReason, message: string = verifyFailures[reason]): RefusedRequest {
  return { ok: false, reason, message };
}

/** Misconfiguration is the developer's bug, not the caller's: it throws instead of refusing every request. */
export function checkOptions(options: VerifyOptions): { secret: string; previousSecret: string | undefined } {
  if (typeof options?.secret !== 'string' || options.secret === '') {
    throw new TypeError('verifyRequest: options.secret must be the non-empty signing secret of the app');
  }
  if (
    options.previousSecret !== undefined &&
    (typeof options.previousSecret !== 'string' || options.previousSecret === '')
  ) {
    throw new TypeError('verifyRequest: options.previousSecret must be a non-empty string when given');
  }
  const tolerance = options.toleranceSeconds;
  if (tolerance !== undefined && !(Number.isInteger(tolerance) && tolerance >= 0)) {
    throw new TypeError(
      'verifyRequest: options.toleranceSeconds must be a whole number of seconds, 0 or more',
    );
  }
  return { secret: options.secret, previousSecret: options.previousSecret };
}

function instantMs(now: VerifyOptions['now']): number {
  const value = typeof now === 'function' ? now() : now;
  if (value === undefined) return Date.now();
  return typeof value === 'number' ? value : value.getTime();
}
