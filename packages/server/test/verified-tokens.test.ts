// How long the proxy trusts a token it verified: HS256 (the configured secret) until expiry, JWKS keys a minute at most.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserClaims, UserTokens } from '../src/auth/user-tokens.js';
import { rememberVerifiedTokens } from '../src/proxy/steps/verified-tokens.js';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (alg: string, exp: number | undefined) =>
  `${part({ alg, typ: 'JWT' })}.${part({ sub: 'u1', exp })}.signature`;

describe('remembered token checks', () => {
  afterEach(() => vi.useRealTimers());

  function counting(): UserTokens & { calls: number } {
    const tokens = {
      calls: 0,
      async verify(): Promise<UserClaims> {
        tokens.calls++;
        return { sub: 'u1' } as UserClaims;
      },
    };
    return tokens;
  }

  it('an HS256 token is checked once until it expires, and not a moment past its exp', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const tokens = counting();
    const remembered = rememberVerifiedTokens(tokens);
    const hs = token('HS256', 1_700_000_000 + 3600);
    await remembered.verify(hs);
    vi.setSystemTime(1_700_000_000_000 + 30 * 60_000);
    expect(remembered.known(hs)).toEqual({ sub: 'u1' });
    vi.setSystemTime(1_700_000_000_000 + 3600_000);
    expect(remembered.known(hs)).toBeUndefined();
    expect(tokens.calls).toBe(1);
  });

  it('a token signed by a JWKS key is checked again after a minute', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const tokens = counting();
    const remembered = rememberVerifiedTokens(tokens);
    const rs = token('RS256', 1_700_000_000 + 3600);
    await remembered.verify(rs);
    vi.setSystemTime(1_700_000_000_000 + 59_000);
    expect(remembered.known(rs)).toEqual({ sub: 'u1' });
    vi.setSystemTime(1_700_000_000_000 + 60_000);
    expect(remembered.known(rs)).toBeUndefined();
    await remembered.verify(rs);
    expect(tokens.calls).toBe(2);
  });

  it('remembers a token under the header that carried it, and only that exact text', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const tokens = counting();
    const remembered = rememberVerifiedTokens(tokens);
    const hs = token('HS256', 1_700_000_000 + 3600);
    await remembered.verify(hs, `Bearer ${hs}`);
    expect(remembered.known(`Bearer ${hs}`)).toEqual({ sub: 'u1' });
    expect(remembered.known(`bearer ${hs}`)).toBeUndefined();
    expect(remembered.known(hs)).toBeUndefined();
    expect(tokens.calls).toBe(1);
  });

  it('a text that ends like a remembered token but differs before is not taken for it', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const tokens = counting();
    const remembered = rememberVerifiedTokens(tokens);
    const hs = token('HS256', 1_700_000_000 + 3600);
    const forged = `X${hs.slice(1)}`;
    expect(forged.slice(-32)).toBe(hs.slice(-32));
    await remembered.verify(hs);
    expect(remembered.known(forged)).toBeUndefined();
    expect(remembered.known(hs)).toEqual({ sub: 'u1' });
  });
  it('never remembers a token without exp: nothing says when to stop trusting it', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const tokens = counting();
    const remembered = rememberVerifiedTokens(tokens);
    for (const alg of ['HS256', 'RS256']) {
      const endless = token(alg, undefined);
      await remembered.verify(endless);
      expect(remembered.known(endless)).toBeUndefined();
    }
    expect(tokens.calls).toBe(2);
  });
});
