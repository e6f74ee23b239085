// Verifies user JWTs (HS256 by AUTH_JWT_SECRET or keys from AUTH_JWKS_URL) and, for the dev login, issues them.
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from 'jose';
import { DEFAULT_MAX_TOKEN_LIFETIME } from '../config/auth.js';

export interface UserClaims {
  /** The identity provider's subject: the user's UUID for the dev login, any string for other issuers. */
  sub: string;
  /** The token's issuer; with `sub` it names the platform's user (auth/identities-repository.ts). */
  iss?: string;
  email?: string;
  name?: string;
  course?: string;
  group?: string;
  roles?: string[];
}

export interface UserTokens {
  /** Resolves the claims of a valid token; rejects anything else. */
  verify(token: string): Promise<UserClaims>;
  /** Issues a token; only where an HS256 secret is configured. */
  issue?(claims: UserClaims, ttlSeconds?: number): Promise<string>;
}

/** OpenID Connect Core 1.0 §2: `sub` is at most 255 ASCII characters. */
const MAX_SUBJECT = 255;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The dev login's `iss` when no issuer is pinned. */
const DEV_ISSUER = 'miniapps';
/** The dev login's lifetime, unless AUTH_MAX_TOKEN_LIFETIME is shorter. */
const DEV_TOKEN_SECONDS = 12 * 3600;

/** Why a token was refused; each but `invalid` is said in the 401 (it tells the caller nothing it did not send). */
export type RefusalReason = 'expired' | 'audience' | 'issuer' | 'unknown_key' | 'lifetime' | 'invalid';

export class InvalidUserToken extends Error {
  constructor(
    message: string,
    readonly reason: RefusalReason = 'invalid',
  ) {
    super(message);
  }
}

/** jose's refusals, named. */
function refusalOf(error: unknown): InvalidUserToken {
  if (error instanceof InvalidUserToken) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof joseErrors.JWTExpired) return new InvalidUserToken(message, 'expired');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new InvalidUserToken(message, 'audience');
    if (error.claim === 'iss') return new InvalidUserToken(message, 'issuer');
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey) return new InvalidUserToken(message, 'unknown_key');
  return new InvalidUserToken(message);
}

/**
 * The `typ` of an app session token (app-session-tokens.ts). Its own key already makes it fail here; refusing
 * it by name too keeps it refused whatever keys an operator configures.
 */
export const APP_SESSION_TYP = 'miniapp-session+jwt';

export interface UserTokenOptions {
  secret?: string | undefined;
  jwksUrl?: string | undefined;
  /** Required `iss` when set (AUTH_JWT_ISSUER). */
  issuer?: string | undefined;
  /** Required `aud` when set (AUTH_JWT_AUDIENCE). */
  audience?: string | undefined;
  /** Longest lifetime a token may have (AUTH_MAX_TOKEN_LIFETIME); 24 h when not given. */
  maxLifetimeSeconds?: number | undefined;
}

export function createUserTokens(options: UserTokenOptions): UserTokens {
  const secretKey = options.secret ? new TextEncoder().encode(options.secret) : undefined;
  const jwks: JWTVerifyGetKey | undefined = options.jwksUrl
    ? createRemoteJWKSet(new URL(options.jwksUrl))
    : undefined;
  const maxLifetime = options.maxLifetimeSeconds ?? DEFAULT_MAX_TOKEN_LIFETIME;
  // jose checks `exp` (required, so no token is good forever), `iss` and `aud` when pinned.
  const rules: JWTVerifyOptions = {
    requiredClaims: ['exp'],
    ...(options.issuer !== undefined && { issuer: options.issuer }),
    ...(options.audience !== undefined && { audience: options.audience }),
  };

  async function verify(token: string): Promise<UserClaims> {
    let payload: JWTPayload;
    try {
      const { alg, typ } = decodeProtectedHeader(token);
      if (typ === APP_SESSION_TYP) {
        throw new InvalidUserToken('an app session token opens its app through the proxy, nothing else');
      } else if (alg === 'HS256' && secretKey) {
        ({ payload } = await jwtVerify(token, secretKey, { ...rules, algorithms: ['HS256'] }));
      } else if (alg !== 'HS256' && jwks) {
        ({ payload } = await jwtVerify(token, jwks, rules));
      } else {
        throw new InvalidUserToken(`tokens signed with ${alg ?? 'no algorithm'} are not accepted`);
      }
    } catch (error) {
      throw refusalOf(error);
    }
    checkLifetime(payload, maxLifetime);
    return claimsOf(payload);
  }

  const tokens: UserTokens = { verify };
  if (secretKey) {
    tokens.issue = async (claims, ttlSeconds = DEV_TOKEN_SECONDS) => {
      const jwt = new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(options.issuer ?? DEV_ISSUER)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${Math.min(ttlSeconds, maxLifetime)}s`);
      if (options.audience !== undefined) jwt.setAudience(options.audience);
      return jwt.sign(secretKey);
    };
  }
  return tokens;
}

/**
 * A token may live at most `maxLifetime` seconds: counted from `iat`, or from now when there is no
 * `iat` or it lies in the future (a future `iat` must not stretch the window past the cap).
 */
function checkLifetime(payload: JWTPayload, maxLifetime: number): void {
  const now = Math.floor(Date.now() / 1000);
  const from = typeof payload.iat === 'number' ? Math.min(payload.iat, now) : now;
  const exp = payload.exp as number;
  if (exp - from > maxLifetime) {
    throw new InvalidUserToken(
      `the token lives ${exp - from} s, longer than the ${maxLifetime} s allowed`,
      'lifetime',
    );
  }
}

function claimsOf(payload: JWTPayload): UserClaims {
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > MAX_SUBJECT) {
    throw new InvalidUserToken('the token has no subject (sub) of 1 to 255 characters');
  }
  // A UUID names the platform's user directly (the dev login's tokens, hosts that always did); any other
  // subject is mapped by (iss, sub).
  const claims: UserClaims = { sub: UUID.test(payload.sub) ? payload.sub.toLowerCase() : payload.sub };
  if (typeof payload.iss === 'string') claims.iss = payload.iss;
  // Raw, as the provider sent them: the profile intake (profile-intake.ts) decides what is kept.
  for (const key of ['email', 'name', 'course', 'group'] as const) {
    const value = payload[key];
    if (typeof value === 'string' && value.length > 0) claims[key] = value;
  }
  if (typeof payload.course === 'number') claims.course = String(payload.course);
  if (Array.isArray(payload.roles))
    claims.roles = payload.roles.filter((r): r is string => typeof r === 'string');
  return claims;
}
