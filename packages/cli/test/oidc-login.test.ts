// `miniapps login` at a real OpenID Provider (oidc-provider on loopback): the device flow played in Chromium, the
// tokens kept 0600 and refreshed, a deploy with them, the loopback redirect, and logout revoking at the provider.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as oidc from 'openid-client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { launchBrowser } from '../../web/test/helpers/chromium.js';
import { startCli } from './helpers/cli-live.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { confirmDeviceCode, signInThroughRedirect } from './helpers/idp-user.js';
import { CLI_CLIENT_ID, startOidcProvider, type TestProvider } from './helpers/oidc-provider.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

interface Saved {
  url: string;
  platforms: Record<
    string,
    {
      userToken?: string;
      email?: string;
      token?: string;
      oidc?: {
        issuer: string;
        clientId: string;
        expiresAt: number;
        refreshToken?: string;
        accessToken?: string;
      };
    }
  >;
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
/** Resolves once the clock is past the second `iat`. */
const untilSecondAfter = async (iat: number) => {
  while (Date.now() < (iat + 1) * 1000) await new Promise((resolve) => setTimeout(resolve, 50));
};
/** The device flow's address with the code filled in, as the CLI prints it. */
const DIRECT = /\(or open (\S+) to have the code filled in\)/;

describe.each(dialects)('miniapps login at an OpenID Provider on %s', (dialect) => {
  const person = { id: randomUUID(), email: `oidc-${dialect}@uni.example`, name: 'Ada Lovelace' };
  let idp: TestProvider;
  let t: TestPlatform;
  let url: string;
  let browser: Browser;
  let configPath: string;
  let env: Record<string, string>;
  const saved = () => JSON.parse(readFileSync(configPath, 'utf8')) as Saved;
  const mine = () => saved().platforms[url]!;

  beforeAll(async () => {
    idp = await startOidcProvider([person]);
    t = await startTestPlatform(dialect, idp.platformEnv());
    url = await t.listen();
    browser = await launchBrowser();
    configPath = freshConfigPath();
    env = { MINIAPPS_CONFIG: configPath };
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await idp?.close();
  });

  it('the platform names its provider and the CLI client without a sign-in', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/auth/cli' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      issuer: idp.issuer,
      clientId: CLI_CLIENT_ID,
      scopes: ['openid', 'email', 'profile', 'offline_access'],
    });
  });

  it('login signs in with the device flow and keeps the tokens in a 0600 file', async () => {
    const cli = startCli(['login', '--url', url], env);
    const code = (await cli.waitForStderr(/enter the code: (\S+)/))[1]!;
    const address = (await cli.waitForStderr(DIRECT))[1]!;
    expect(address).toContain(idp.issuer);
    await cli.waitForStderr(/Waiting for you to confirm there… the code expires in \d+:\d\d/);
    const page = await confirmDeviceCode(browser, address, person.id);
    expect(page).toContain('Sign-in Success');
    const result = await cli.done;
    expect(result.stdout).toBe(`Signed in to ${url} as ${person.email}.\n`);
    expect(result.code).toBe(0);
    expect(code).toMatch(/^[A-Z]{4}-?[A-Z]{4}$/);

    expect(statSync(configPath).mode & 0o777).toBe(0o600);
    expect(saved().url).toBe(url);
    const kept = mine();
    expect(kept.email).toBe(person.email);
    expect(kept.oidc).toMatchObject({
      issuer: idp.issuer,
      clientId: CLI_CLIENT_ID,
      refreshToken: expect.any(String),
    });
    const claims = claimsOf(kept.userToken!);
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: CLI_CLIENT_ID,
      sub: person.id,
      email: person.email,
    });
    expect(kept.oidc!.expiresAt).toBe(claims.exp);
  });

  it('the ID token is the bearer: tokens and a deploy work with it', async () => {
    const auth = { authorization: `Bearer ${mine().userToken}` };
    const me = await t.request({ method: 'GET', url: '/api/v1/me', headers: auth });
    expect(me.json().user).toMatchObject({ id: person.id, email: person.email, fullName: person.name });
    const org = `oidc-${dialect}`;
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/orgs',
      headers: auth,
      payload: { id: org, name: org },
    });
    expect(created.statusCode).toBe(201);
    const app = await t.request({
      method: 'POST',
      url: `/api/v1/orgs/${org}/apps`,
      headers: auth,
      payload: { name: 'Timetable', slug: 'timetable', sourceKind: 'hosted' },
    });
    expect(app.statusCode).toBe(201);

    const token = await runCli(['tokens', 'create', 'laptop', '--save'], { env });
    expect(token.code).toBe(0);
    const deploy = await runCli(
      ['deploy', screensFolder({ 'index.json': textScreen('hi') }), '--org', org, '--slug', 'timetable'],
      { env },
    );
    expect(deploy.stdout).toContain(`Deployed ${org}/timetable: version 1`);
    expect(deploy.code).toBe(0);
  });

  it('a token with more than a minute left is used as it is; with a minute or less it is refreshed first', async () => {
    const before = mine();
    const now = Math.floor(Date.now() / 1000);
    setExpiry(now + 120);
    expect((await runCli(['tokens', 'list'], { env })).code).toBe(0);
    expect(mine().userToken).toBe(before.userToken);
    expect(mine().oidc!.refreshToken).toBe(before.oidc!.refreshToken);

    setExpiry(now + 30);
    await untilSecondAfter(claimsOf(before.userToken!).iat);
    const list = await runCli(['tokens', 'list'], { env });
    expect(list.stdout).toContain('laptop');
    expect(list.code).toBe(0);
    const after = mine();
    expect(after.userToken).not.toBe(before.userToken);
    // The provider rotates a public client's refresh token; the new one is kept.
    expect(after.oidc!.refreshToken).not.toBe(before.oidc!.refreshToken);
    expect(after.oidc!.expiresAt).toBe(claimsOf(after.userToken!).exp);
    expect(after.oidc!.expiresAt).toBeGreaterThan(now + 3000);
    expect(statSync(configPath).mode & 0o777).toBe(0o600);
  });

  it('commands that find the token due at once refresh it once, and the sign-in lives on', async () => {
    const before = mine();
    // A token issued in the same second with the same claims is the same text: refresh in a later second.
    await untilSecondAfter(claimsOf(before.userToken!).iat);
    setExpiry(Math.floor(Date.now() / 1000) + 10);
    const all = await Promise.all([1, 2, 3, 4].map(() => runCli(['tokens', 'list'], { env })));
    expect(all.map((res) => res.code)).toEqual([0, 0, 0, 0]);
    const after = mine();
    expect(after.userToken).not.toBe(before.userToken);
    // The provider saw each refresh token spent once: the one kept still refreshes.
    setExpiry(Math.floor(Date.now() / 1000) + 10);
    expect((await runCli(['tokens', 'list'], { env })).code).toBe(0);
    expect(mine().oidc!.refreshToken).not.toBe(after.oidc!.refreshToken);
    expect(existsSync(`${configPath}.lock`)).toBe(false);
  });

  it('logout revokes the refresh token at the provider and forgets the sign-in', async () => {
    const { refreshToken } = mine().oidc!;
    const res = await runCli(['logout'], { env });
    expect(res.stdout).toBe(`Signed out of ${url}; the identity provider revoked the tokens.\n`);
    expect(res.code).toBe(0);
    expect(mine()).toEqual({ token: expect.any(String) });
    const config = await oidc.discovery(new URL(idp.issuer), CLI_CLIENT_ID, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    await expect(oidc.refreshTokenGrant(config, refreshToken!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('login --browser signs in through a loopback redirect to 127.0.0.1', async () => {
    const cli = startCli(['login', '--browser', '--no-open', '--url', url], env);
    const address = new URL((await cli.waitForStderr(/^(http\S+\/auth\?\S+)$/m))[1]!);
    expect(address.searchParams.get('code_challenge_method')).toBe('S256');
    expect(address.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(address.searchParams.get('state')).toBeTruthy();
    expect(address.searchParams.get('nonce')).toBeTruthy();
    const page = await signInThroughRedirect(browser, address.href, person.id);
    expect(page).toBe('Signed in. You can close this tab and go back to the terminal.');
    const result = await cli.done;
    expect(result.stdout).toBe(`Signed in to ${url} as ${person.email}.\n`);
    expect(result.code).toBe(0);
    expect(claimsOf(mine().userToken!)).toMatchObject({ sub: person.id, aud: CLI_CLIENT_ID });
    expect((await runCli(['tokens', 'list'], { env })).stdout).toContain('laptop');
  });

  it('a refresh the provider refuses ends the sign-in and says to sign in again', async () => {
    const config = saved();
    config.platforms[url]!.oidc!.refreshToken = 'revoked-elsewhere';
    config.platforms[url]!.oidc!.expiresAt = Math.floor(Date.now() / 1000) - 1;
    writeFileSync(configPath, JSON.stringify(config));
    const res = await runCli(['tokens', 'list'], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`Your sign-in to ${url} has ended at the identity provider.`);
    expect(res.stderr).toContain('Run `miniapps login` again.');
    expect(mine().userToken).toBeUndefined();
  });

  function setExpiry(expiresAt: number): void {
    const config = saved();
    config.platforms[url]!.oidc!.expiresAt = expiresAt;
    writeFileSync(configPath, JSON.stringify(config), { mode: 0o600 });
  }
});
