// Verifies user JWTs (HS256 by AUTH_JWT_SECRET or keys from AUTH_JWKS_URL) and, for the dev login, issues them.
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  SignJWT,
} from 'jose';

export interface UserClaims {
  /** The user's UUID. */
  sub: string;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISSUER = 'miniapps';

export class InvalidUserToken extends Error {}

export function createUserTokens(options: {
  secret?: string | undefined;
  jwksUrl?: string | undefined;
}): UserTokens {
  const secretKey = options.secret ? new TextEncoder().encode(options.secret) : undefined;
  const jwks: JWTVerifyGetKey | undefined = options.jwksUrl
    ? createRemoteJWKSet(new URL(options.jwksUrl))
    : undefined;

  async function verify(token: string): Promise<UserClaims> {
    let payload: JWTPayload;
    try {
      const { alg } = decodeProtectedHeader(token);
      if (alg === 'HS256' && secretKey) {
        ({ payload } = await jwtVerify(token, secretKey, { algorithms: ['HS256'] }));
      } else if (alg !== 'HS256' && jwks) {
        ({ payload } = await jwtVerify(token, jwks));
      } else {
        throw new InvalidUserToken(`tokens signed with ${alg ?? 'no algorithm'} are not accepted`);
      }
    } catch (error) {
      throw error instanceof InvalidUserToken ? error : new InvalidUserToken(String(error));
    }
    return claimsOf(payload);
  }

  const tokens: UserTokens = { verify };
  if (secretKey) {
    tokens.issue = async (claims, ttlSeconds = 12 * 3600) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secretKey);
  }
  return tokens;
}

function claimsOf(payload: JWTPayload): UserClaims {
  if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) {
    throw new InvalidUserToken('the token subject is not a user UUID');
  }
  const claims: UserClaims = { sub: payload.sub.toLowerCase() };
  for (const key of ['email', 'name', 'course', 'group'] as const) {
    const value = payload[key];
    if (typeof value === 'string' && value.length > 0) claims[key] = value;
  }
  if (Array.isArray(payload.roles))
    claims.roles = payload.roles.filter((r): r is string => typeof r === 'string');
  return claims;
}
