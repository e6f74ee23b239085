// User JWT rules: exp required, lifetimes capped by AUTH_MAX_TOKEN_LIFETIME, issuer and audience pinned when set;
// the same answers on the management API and the proxy, and dev-login tokens that obey them.
import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { PROXY } from './helpers/proxy-apps.js';

const SECRET = 'an-identity-provider-secret-of-32+chars';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

interface TokenShape {
  exp?: number;
  iat?: number;
  iss?: string;
  aud?: string;
}

/** An HS256 token for a new user (with an e-mail claim, so the first visit makes the profile). */
function token(shape: TokenShape): Promise<string> {
  const jwt = new SignJWT({ email: `${randomUUID()}@uni.example` })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(randomUUID());
  if (shape.exp !== undefined) jwt.setExpirationTime(shape.exp);
  if (shape.iat !== undefined) jwt.setIssuedAt(shape.iat);
  if (shape.iss !== undefined) jwt.setIssuer(shape.iss);
  if (shape.aud !== undefined) jwt.setAudience(shape.aud);
  return jwt.sign(key);
}

/** The answers to the same token on the management API and on the proxy (which checks it before the app). */
async function answers(t: TestPlatform, jwt: string) {
  const authorization = `Bearer ${jwt}`;
  const me = await t.request({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
  const proxied = await t.request({
    method: 'GET',
    url: `${PROXY}/no-org/no-app/screen/`,
    headers: { authorization },
  });
  return [me, proxied] as const;
}

/** The status of the same token on the management API and on the proxy. */
async function statuses(t: TestPlatform, jwt: string): Promise<[number, number]> {
  const [me, proxied] = await answers(t, jwt);
  for (const res of [me, proxied]) if (res.statusCode === 401) expect(res.json().error).toBe('unauthorized');
  // A token that passes reaches the app lookup: 404 app_not_found for the made-up app.
  return [me.statusCode, proxied.statusCode === 404 ? 200 : proxied.statusCode];
}

describe('user tokens without pinned issuer or audience (default lifetime 24 h)', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform('sqlite', { AUTH_JWT_SECRET: SECRET });
  });
  afterAll(() => t.close());

  it('refuses a token without exp on both doors, so it is not accepted forever', async () => {
    expect(await statuses(t, await token({ iat: now() }))).toEqual([401, 401]);
    expect(await statuses(t, await token({}))).toEqual([401, 401]);
  });

  it('measures the lifetime as exp - iat: 24 h passes, a second more is refused', async () => {
    const iat = now() - 60;
    expect(await statuses(t, await token({ iat, exp: iat + 24 * 3600 }))).toEqual([200, 200]);
    expect(await statuses(t, await token({ iat, exp: iat + 24 * 3600 + 1 }))).toEqual([401, 401]);
  });

  it('without iat (or with an iat in the future) measures from now', async () => {
    expect(await statuses(t, await token({ exp: now() + 23 * 3600 }))).toEqual([200, 200]);
    expect(await statuses(t, await token({ exp: now() + 25 * 3600 }))).toEqual([401, 401]);
    const future = now() + 48 * 3600;
    expect(await statuses(t, await token({ iat: future, exp: future + 3600 }))).toEqual([401, 401]);
  });

  it('the dev login issues tokens within the rules', async () => {
    const signedIn = await t.login('dev@uni.example');
    const claims = decodeJwt(signedIn.token);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(24 * 3600);
    expect(claims.aud).toBeUndefined();
    expect(await statuses(t, signedIn.token)).toEqual([200, 200]);
  });
});

describe('user tokens with AUTH_JWT_ISSUER, AUTH_JWT_AUDIENCE and AUTH_MAX_TOKEN_LIFETIME', () => {
  const ISSUER = 'https://id.uni.example';
  const AUDIENCE = 'miniapps-platform';
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform('sqlite', {
      AUTH_JWT_SECRET: SECRET,
      AUTH_JWT_ISSUER: ISSUER,
      AUTH_JWT_AUDIENCE: AUDIENCE,
      AUTH_MAX_TOKEN_LIFETIME: '90m',
    });
  });
  afterAll(() => t.close());

  it('accepts only the pinned issuer and audience', async () => {
    const exp = now() + 600;
    expect(await statuses(t, await token({ exp, iss: ISSUER, aud: AUDIENCE }))).toEqual([200, 200]);
    expect(await statuses(t, await token({ exp, aud: AUDIENCE }))).toEqual([401, 401]);
    expect(await statuses(t, await token({ exp, iss: 'https://evil.example', aud: AUDIENCE }))).toEqual([
      401, 401,
    ]);
    expect(await statuses(t, await token({ exp, iss: ISSUER }))).toEqual([401, 401]);
    expect(await statuses(t, await token({ exp, iss: ISSUER, aud: 'another-service' }))).toEqual([401, 401]);
  });

  it('says which rule refused the token, on both doors', async () => {
    const iat = now();
    const pinned = { iss: ISSUER, aud: AUDIENCE };
    const said = async (jwt: string) => {
      const [me, proxied] = await answers(t, jwt);
      expect(proxied.json().message).toBe(me.json().message);
      return me.json().message as string;
    };
    expect(await said(await token({ ...pinned, exp: iat - 10 }))).toMatch(/has expired/);
    expect(await said(await token({ ...pinned, exp: iat + 600, aud: 'another-service' }))).toMatch(
      /another audience/,
    );
    expect(await said(await token({ ...pinned, exp: iat + 600, iss: 'https://evil.example' }))).toMatch(
      /issuer \(iss\)/,
    );
    expect(await said(await token({ ...pinned, iat, exp: iat + 2 * 3600 }))).toMatch(/lives longer/);
  });

  it('caps lifetimes at the configured 90 minutes', async () => {
    const iat = now();
    const pinned = { iss: ISSUER, aud: AUDIENCE };
    expect(await statuses(t, await token({ ...pinned, iat, exp: iat + 90 * 60 }))).toEqual([200, 200]);
    expect(await statuses(t, await token({ ...pinned, iat, exp: iat + 2 * 3600 }))).toEqual([401, 401]);
  });

  it('the dev login signs with the pinned issuer and audience, within the lifetime', async () => {
    const signedIn = await t.login('dev@uni.example');
    const claims = decodeJwt(signedIn.token);
    expect(claims).toMatchObject({ iss: ISSUER, aud: AUDIENCE });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(90 * 60);
    expect(await statuses(t, signedIn.token)).toEqual([200, 200]);
  });
});

describe('AUTH_MAX_TOKEN_LIFETIME', () => {
  const lifetime = (value: string) =>
    loadConfig({ DATA_DIR: '/nonexistent', AUTH_MAX_TOKEN_LIFETIME: value, ...keys }).auth
      .maxTokenLifetimeSeconds;
  const keys = {
    AUTH_JWT_SECRET: SECRET,
    PLATFORM_KEY: 'ab'.repeat(32),
    SERVICE_ROLE_KEY: 's'.repeat(32),
    NODE_ENV: 'production',
  };

  it('reads 24h, 90m, 3600s, 2d and plain seconds; 24 h when unset', () => {
    expect(lifetime('24h')).toBe(86_400);
    expect(lifetime('90m')).toBe(5_400);
    expect(lifetime('3600s')).toBe(3_600);
    expect(lifetime('2d')).toBe(172_800);
    expect(lifetime('600')).toBe(600);
    expect(lifetime(' 12H ')).toBe(43_200);
    expect(loadConfig({ DATA_DIR: '/nonexistent', ...keys }).auth.maxTokenLifetimeSeconds).toBe(86_400);
  });

  it('refuses values that are not a positive duration, naming the variable', () => {
    for (const bad of ['0', '-5', '1.5h', 'abc', '10 minutes', '5w', 'h']) {
      const error = (() => {
        try {
          lifetime(bad);
        } catch (e) {
          return e;
        }
      })();
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain('AUTH_MAX_TOKEN_LIFETIME');
    }
  });

  it('holds its bounds at the limit and one past: 9 digits of duration, claim values of 1000 characters', () => {
    expect(lifetime('999999999')).toBe(999_999_999);
    expect(() => lifetime('1000000000')).toThrow(/AUTH_MAX_TOKEN_LIFETIME/);
    const issuer = (length: number) =>
      loadConfig({ DATA_DIR: '/nonexistent', ...keys, AUTH_JWT_ISSUER: 'i'.repeat(length) }).auth.jwtIssuer;
    expect(issuer(1000)).toBe('i'.repeat(1000));
    expect(() => issuer(1001)).toThrow(/AUTH_JWT_ISSUER/);
  });

  it('refuses an empty issuer or audience made only of spaces', () => {
    expect(() => loadConfig({ DATA_DIR: '/nonexistent', ...keys, AUTH_JWT_ISSUER: '  ' })).toThrow(
      /AUTH_JWT_ISSUER/,
    );
  });
});
