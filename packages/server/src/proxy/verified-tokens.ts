// Step 1's shortcut: a user token verified once is remembered for a minute, so the proxy does not redo the signature each request.
import type { UserClaims, UserTokens } from '../auth/user-tokens.js';

export interface TokenCacheOptions {
  /** Longest a verification is trusted without redoing it. */
  maxAgeMs: number;
  /** Tokens remembered at most; the oldest go first. */
  maxEntries: number;
}

/**
 * Verifying a JWT (signature, key import) was the largest single cost of a proxied request in the
 * CPU profile (bench/RESULTS.md). A token that verified stays good until its `exp`; remembering the
 * result by the exact token text is the same decision, made once. Entries live at most a minute,
 * so a key an identity provider withdraws from its JWKS stops working within that minute, and never
 * past the token's own expiry. Failures are not remembered: a bad token costs what it did before.
 */
export function rememberVerifiedTokens(
  tokens: UserTokens,
  options: TokenCacheOptions = { maxAgeMs: 60_000, maxEntries: 20_000 },
) {
  const remembered = new Map<string, { claims: UserClaims; until: number }>();

  /** The claims of a token verified a moment ago, without waiting; undefined when it must be verified. */
  function known(token: string): UserClaims | undefined {
    const hit = remembered.get(token);
    return hit !== undefined && hit.until > Date.now() ? hit.claims : undefined;
  }

  async function verify(token: string): Promise<UserClaims> {
    const now = Date.now();
    const hit = remembered.get(token);
    if (hit !== undefined && hit.until > now) return hit.claims;
    const claims = await tokens.verify(token);
    const expiresAt = expiryOf(token);
    const until = Math.min(now + options.maxAgeMs, expiresAt ?? now + options.maxAgeMs);
    if (hit !== undefined) remembered.delete(token);
    else if (remembered.size >= options.maxEntries) remembered.delete(remembered.keys().next().value!);
    remembered.set(token, { claims, until });
    return claims;
  }

  return { known, verify };
}

/** The `exp` of an already verified token, in milliseconds. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
