// Where `miniapps login` signs in: OIDC_ISSUER / OIDC_CLI_CLIENT_ID / OIDC_CLI_SCOPES checked at start-up, and the
// public GET /api/v1/auth/cli that names them (404 sign_in_not_configured without them).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { dialects } from './helpers/databases.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const ISSUER = 'https://id.uni.example/realms/students';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'miniapps-cli-auth-')), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('CLI sign-in settings', () => {
  it('are off unless both the issuer and the client are named; the issuer alone is for the web sign-in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'miniapps-cli-auth-'));
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).cliAuth).toBeUndefined();
    const web = { OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'platform', PUBLIC_URL: 'https://apps.uni.example' };
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...web }).cliAuth).toBeUndefined();
    // The issuer with the CLI's client only: the CLI signs in there, no browser does.
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, OIDC_ISSUER: ISSUER, OIDC_CLI_CLIENT_ID: 'miniapps-cli' })
        .oidc,
    ).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, OIDC_ISSUER: ISSUER, OIDC_CLI_CLIENT_ID: 'miniapps-cli' })
        .cliAuth,
    ).toEqual({
      issuer: ISSUER,
      clientId: 'miniapps-cli',
      scopes: ['openid', 'email', 'profile', 'offline_access'],
    });
  });

  it('refuse a client without an issuer, an issuer over plain http off this machine, and scopes without openid', () => {
    expect(problemsOf({ OIDC_CLI_CLIENT_ID: 'miniapps-cli' })).toEqual([
      'OIDC_CLI_CLIENT_ID needs OIDC_ISSUER (the identity provider the CLI signs in with)',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'http://id.uni.example', OIDC_CLI_CLIENT_ID: 'c' })[0]).toContain(
      'OIDC_ISSUER must be an https URL (http only on 127.0.0.1 or localhost)',
    );
    expect(problemsOf({ OIDC_ISSUER: `${ISSUER}?x=1`, OIDC_CLI_CLIENT_ID: 'c' })[0]).toContain(
      'without a query',
    );
    expect(problemsOf({ OIDC_ISSUER: 'not a url', OIDC_CLI_CLIENT_ID: 'c' })[0]).toContain(
      'OIDC_ISSUER must be',
    );
    expect(problemsOf({ OIDC_ISSUER: 'http://127.0.0.1:8080', OIDC_CLI_CLIENT_ID: 'c' })).toEqual([]);
    expect(
      problemsOf({ OIDC_ISSUER: ISSUER, OIDC_CLI_CLIENT_ID: 'c', OIDC_CLI_SCOPES: 'email profile' }),
    ).toEqual(['OIDC_CLI_SCOPES must include openid (got "email profile")']);
  });

  it('take a client id of 255 characters, not 256', () => {
    expect(problemsOf({ OIDC_ISSUER: ISSUER, OIDC_CLI_CLIENT_ID: 'c'.repeat(255) })).toEqual([]);
    expect(problemsOf({ OIDC_ISSUER: ISSUER, OIDC_CLI_CLIENT_ID: 'c'.repeat(256) })).toEqual([
      'OIDC_CLI_CLIENT_ID must be at most 255 characters',
    ]);
  });
});

describe.each(dialects)('GET /api/v1/auth/cli on %s', (dialect) => {
  let named: TestPlatform;
  let plain: TestPlatform;

  beforeAll(async () => {
    named = await startTestPlatform(dialect, {
      OIDC_ISSUER: ISSUER,
      OIDC_CLI_CLIENT_ID: 'miniapps-cli',
      OIDC_CLI_SCOPES: 'openid email',
    });
    plain = await startTestPlatform(dialect);
  });
  afterAll(async () => {
    await named?.close();
    await plain?.close();
  });

  it('names the provider, the client and the scopes without a sign-in', async () => {
    const res = await named.request({ method: 'GET', url: '/api/v1/auth/cli' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      issuer: ISSUER,
      clientId: 'miniapps-cli',
      scopes: ['openid', 'email'],
    });
  });

  it('answers 404 sign_in_not_configured, in the asked language, where no provider is named', async () => {
    const en = await plain.request({ method: 'GET', url: '/api/v1/auth/cli' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({ ok: false, error: 'sign_in_not_configured' });
    const ru = await plain.request({
      method: 'GET',
      url: '/api/v1/auth/cli',
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.json().message).toContain('Эта платформа не указала провайдера входа для CLI');
  });
});
