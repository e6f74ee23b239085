// Step 1's shortcut: a user token verified once is remembered for a minute, so the proxy does not redo the signature each request.
import type { UserClaims } from '../../auth/user-tokens.js';

/** How many of a token's last characters find its entry. */
const SLOT_CHARS = 32;

export interface TokenCacheOptions {
  /** Longest a verification is trusted without redoing it. */
  maxAgeMs: number;
  /** Tokens remembered at most; the oldest go first. */
  maxEntries: number;
}

/**
 * Verifying a JWT (signature, key import) was the largest single cost of a proxied request in the
 * CPU profile (bench/RESULTS.md). A token that verified stays good until its `exp`; remembering the
 * result by the exact token text is the same decision, made once. Tokens checked against keys from a
 * JWKS are remembered at most a minute, so a key an identity provider withdraws stops working within
 * that minute; an HS256 token is checked against the configured secret, which changes only with a
 * restart, so it is remembered until its expiry. Never past the token's own `exp`, and never without one.
 * Failures are not remembered: a bad token costs what it did before.
 */
export function rememberVerifiedTokens<T extends UserClaims = UserClaims>(
  tokens: { verify(token: string): Promise<T> },
  options: TokenCacheOptions = { maxAgeMs: 60_000, maxEntries: 20_000 },
) {
  // Entries are found by the text's last characters (a JWT ends with its signature) and then must
  // match the whole text: hashing a whole 270-character header as a Map key cost ~0.5 µs a request.
  const remembered = new Map<string, { text: string; claims: T; until: number }>();
  const slotOf = (text: string) => (text.length > SLOT_CHARS ? text.slice(-SLOT_CHARS) : text);

  /** The claims of a token verified a moment ago, without waiting; undefined when it must be verified. */
  function known(key: string): T | undefined {
    const hit = remembered.get(slotOf(key));
    return hit !== undefined && hit.text === key && hit.until > Date.now() ? hit.claims : undefined;
  }

  /** Verifies the token and remembers its claims under `key` (the token itself, or the header that carried it). */
  async function verify(token: string, key = token): Promise<T> {
    const hit = known(key);
    if (hit !== undefined) return hit;
    const claims = await tokens.verify(token);
    const now = Date.now();
    const { alg, exp } = partsOf(token);
    // The verifier requires `exp`; without one nothing says when to stop trusting the token.
    if (exp === undefined) return claims;
    const expiresAt = exp * 1000;
    const until = alg === 'HS256' ? expiresAt : Math.min(now + options.maxAgeMs, expiresAt);
    // A re-verified token moves to the newest end; otherwise the oldest makes room.
    const slot = slotOf(key);
    if (!remembered.delete(slot) && remembered.size >= options.maxEntries) {
      remembered.delete(remembered.keys().next().value!);
    }
    remembered.set(slot, { text: key, claims, until });
    return claims;
  }

  return { known, verify };
}

/** The header's `alg` and the payload's `exp` (Unix seconds) of an already verified token. */
function partsOf(token: string): { alg?: unknown; exp?: number } {
  const [header = '', payload = ''] = token.split('.');
  const read = (part: string): Record<string, unknown> => {
    try {
      return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const exp = read(payload).exp;
  return { alg: read(header).alg, ...(typeof exp === 'number' && { exp }) };
}
