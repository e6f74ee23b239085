// One (app, user) context made ready once for all its requests: the user, the live configuration, the origin headers.
import { toUser, type User } from '../../auth/users-repository.js';
import { effectiveScopes } from '../../consent/scopes.js';
import { type HeaderList, headerList } from '../../egress/header-list.js';
import { AppError } from '../../errors.js';
import type { SecretReader, SigningKeys } from '../../signing/repository.js';
import { PROXY_HEADERS } from '../steps/client-headers.js';
import { profileHeaders, signatureHeaders } from '../steps/identity-headers.js';
import { liveApp, type ResolvedApp } from '../steps/resolve-app.js';
import {
  type BodyDigest,
  SIGNATURE_V2_HEADER,
  signatureV2Value,
  type V2Lines,
  v2Lines,
  v2LinesWith,
  v2Text,
} from '../steps/signature-v2.js';
import type { ContextRow } from './request-context.js';

/** The origin's headers (identity and signature) that hold for a span of the clock (the signature changes every second). */
export interface Signed {
  from: number;
  until: number;
  headers: HeaderList;
  /** The secrets that signed them, for v2; undefined when the app has no signing secret. */
  keys: SigningKeys | undefined;
  timestamp: number;
}

export interface PreparedContext {
  row: ContextRow;
  /** The user as stored (roles in the token are added only where they matter: previews). */
  user: User;
  /** The live configuration, or the refusal every ordinary request gets (unknown, suspended, unpublished). */
  live: ResolvedApp | AppError;
  /** For a live remote app: the pseudonymous id and the headers every request to its origin carries. */
  origin: OriginIdentity | undefined;
  /** The live configuration's identity and signature headers, made at most once a second. */
  signed: Signed | undefined;
}

export interface OriginIdentity {
  appUserId: string;
  /** The proxy's own headers and the identity headers the user's scopes allow. */
  headers: HeaderList;
  /** The X-Platform-* lines signature v2 signs (signature-v2.ts), made once with the headers. */
  v2Lines: V2Lines;
}

/** What signature v2 covers besides the headers: the request as sent to the origin. */
export interface SentRequest {
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  /** The body, or the digest of an upload spooled to disk (proxy/upload/spool-upload.ts). */
  body: Buffer | BodyDigest | undefined;
}

/**
 * Everything here derives from the cached row alone, so it is cached with it (context-cache.ts) and
 * forgotten with it at the next write: the CPU profile showed the per-request rebuilding of the user,
 * the scopes, the base64 headers and the HMAC as a large share of a proxied request (bench/RESULTS.md).
 */
export function createContextPreparer(appUserIds: (appId: string, userId: string) => string) {
  function originIdentity(app: ResolvedApp, user: User): OriginIdentity {
    const appUserId = appUserIds(app.id, user.id);
    const scopes = effectiveScopes(app.grantedScopes, app.declaredScopes);
    const headers = headerList({ ...PROXY_HEADERS, ...profileHeaders(appUserId, scopes, user) });
    return { appUserId, headers, v2Lines: v2Lines(headers) };
  }

  function prepare(row: ContextRow, where: { org: string; slug: string }): PreparedContext {
    const user = toUser(row);
    let live: ResolvedApp | AppError;
    try {
      live = liveApp(row, where);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      live = error;
    }
    const origin =
      !(live instanceof AppError) && live.sourceKind === 'remote' ? originIdentity(live, user) : undefined;
    return { row, user, live, origin, signed: undefined };
  }

  return { prepare, originIdentity };
}

/**
 * The identity and signature headers at `now`, reused while the Unix second and the set of valid
 * secrets stay the same: several requests of one user in one second (a screen and its calls) share
 * one HMAC and one header object. The keys and timestamp come along for signature v2.
 */
export function originHeadersAt(
  signingKeys: SecretReader,
  app: ResolvedApp,
  identity: OriginIdentity,
  now: number,
  memo?: { signed: Signed | undefined },
): Signed {
  const known = memo?.signed;
  if (known !== undefined && known.from <= now && now < known.until) return known;
  const keys = signingKeys(app.id, app.signing, now);
  const timestamp = Math.floor(now / 1000);
  const headers = identity.headers.concat(headerList(signatureHeaders(keys, identity.appUserId, timestamp)));
  // The previous secret stops signing at its deadline, which may fall inside this second.
  const previousUntil = keys?.previous ? Date.parse(app.signing.previousValidUntil ?? '') : Number.NaN;
  const until = Math.min((timestamp + 1) * 1000, Number.isNaN(previousUntil) ? Infinity : previousUntil);
  const signed = { from: timestamp * 1000, until, headers, keys, timestamp };
  if (memo) memo.signed = signed;
  return signed;
}

/**
 * `sent` with X-Platform-Signature-V2 over this request when the app signs (one sha256 of the body,
 * one HMAC per valid secret). `perRequest` are the X-Platform-* headers made for this request alone
 * (launch headers), already in `sent`; the context's own lines are reused as made.
 */
export function withSignatureV2(
  sent: HeaderList,
  signed: Signed,
  identity: OriginIdentity,
  perRequest: HeaderList | undefined,
  request: SentRequest,
): HeaderList {
  if (signed.keys === undefined) return sent;
  const lines = perRequest === undefined ? identity.v2Lines.text : v2LinesWith(identity.v2Lines, perRequest);
  const text = v2Text(signed.timestamp, request.method, request.target, request.body, lines);
  return sent.concat(SIGNATURE_V2_HEADER, signatureV2Value(signed.keys, signed.timestamp, text));
}
