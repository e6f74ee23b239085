// `miniapps login` when the sign-in goes wrong, in words a person can act on (English and Russian): no provider
// named, the provider down, the person refusing or pressing Ctrl-C, the code running out, the clocks disagreeing,
// a redirect that does not belong to this sign-in. The database plays no part: SQLite only.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { launchBrowser } from '../../web/test/helpers/chromium.js';
import { needsRefresh, REFRESH_MARGIN_SECONDS } from '../src/sign-in/saved-sign-in.js';
import { startCli } from './helpers/cli-live.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { confirmDeviceCode, signInThroughRedirect } from './helpers/idp-user.js';
import { startOidcProvider, type TestProvider } from './helpers/oidc-provider.js';

const CLOCK_AHEAD = fileURLToPath(new URL('./helpers/clock-ahead.mjs', import.meta.url));
const DIRECT = /\(or open (\S+) to have the code filled in\)/;

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the refresh margin', () => {
  it('refreshes with a minute or less left, not with a second more', () => {
    const now = 1_800_000_000;
    expect(REFRESH_MARGIN_SECONDS).toBe(60);
    expect(needsRefresh(now + 60, now)).toBe(true);
    expect(needsRefresh(now + 61, now)).toBe(false);
    expect(needsRefresh(now - 1, now)).toBe(true);
  });
});

describe('miniapps login when the sign-in goes wrong', () => {
  const person = { id: randomUUID(), email: 'oidc-errors@uni.example', name: 'Grace Hopper' };
  let idp: TestProvider;
  let t: TestPlatform;
  let url: string;
  let browser: Browser;
  let env: Record<string, string>;
  const savedToken = () =>
    existsSync(env.MINIAPPS_CONFIG!)
      ? JSON.parse(readFileSync(env.MINIAPPS_CONFIG!, 'utf8')).platforms?.[url]?.userToken
      : undefined;

  beforeAll(async () => {
    idp = await startOidcProvider([person]);
    t = await startTestPlatform('sqlite', idp.platformEnv());
    url = await t.listen();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await idp?.close();
  });
  /** A saved sign-in as `login` leaves it, at a provider of the test's choosing. */
  function writeSignIn(issuer: string, expiresAt: number): void {
    const oidc = {
      issuer,
      clientId: 'miniapps-cli',
      expiresAt,
      refreshToken: 'refresh',
      accessToken: 'access',
    };
    const platforms = { [url]: { userToken: 'expired.id.token', email: person.email, oidc } };
    writeFileSync(env.MINIAPPS_CONFIG!, JSON.stringify({ url, platforms }), { mode: 0o600 });
  }
  beforeEach(() => {
    env = { MINIAPPS_CONFIG: freshConfigPath() };
  });

  it('a platform that names no provider says so, and what to do instead', async () => {
    const plain = await startTestPlatform('sqlite');
    try {
      const plainUrl = await plain.listen();
      const en = await runCli(['login', '--url', plainUrl], { env });
      expect(en.code).toBe(1);
      expect(en.stderr).toContain('This platform names no identity provider for the CLI');
      expect(en.stderr).toContain('(sign_in_not_configured)');
      expect(en.stderr).toContain('`miniapps login --with-token`');
      const ru = await runCli(['login', '--url', plainUrl, '--lang', 'ru'], { env });
      expect(ru.stderr).toContain('Эта платформа не указала провайдера входа для CLI');
      expect(ru.stderr).toContain('Попросите оператора платформы задать OIDC_ISSUER');
    } finally {
      await plain.close();
    }
  });

  it('a provider that cannot be reached is named, with the reason and what to try', async () => {
    const port = await closedPort();
    const down = `http://127.0.0.1:${port}`;
    const platform = await startTestPlatform('sqlite', {
      OIDC_ISSUER: down,
      OIDC_CLI_CLIENT_ID: 'miniapps-cli',
    });
    try {
      const downUrl = await platform.listen();
      const en = await runCli(['login', '--url', downUrl], { env });
      expect(en.code).toBe(1);
      expect(en.stderr).toContain(`Cannot reach the identity provider ${down} (ECONNREFUSED).`);
      expect(en.stderr).toContain('Check your network or VPN');
      const ru = await runCli(['login', '--url', downUrl, '--lang', 'ru', '--json'], { env });
      expect(ru.json()).toMatchObject({
        ok: false,
        error: 'idp_unreachable',
        message: `Провайдер входа ${down} недоступен (ECONNREFUSED).`,
      });
    } finally {
      await platform.close();
    }
  });

  it('the person refusing at the provider ends the login with sign_in_cancelled', async () => {
    const cli = startCli(['login', '--url', url, '--json'], env);
    const address = (await cli.waitForStderr(DIRECT))[1]!;
    await confirmDeviceCode(browser, address, person.id, 'abort');
    const result = await cli.done;
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      error: 'sign_in_cancelled',
      message: 'The sign-in was refused at the identity provider (cancelled or not allowed).',
    });
    expect(savedToken()).toBeUndefined();
  });

  it('Ctrl-C while waiting cancels cleanly: exit 130, nothing saved', async () => {
    const cli = startCli(['login', '--url', url], env);
    await cli.waitForStderr(/Waiting for you to confirm there/);
    cli.child.kill('SIGINT');
    const result = await cli.done;
    expect(result.stderr).toContain('Error: Sign-in cancelled.');
    expect(result.code).toBe(130);
    expect(savedToken()).toBeUndefined();
  });

  it('a code that runs out before it is confirmed says so (in Russian too)', async () => {
    idp.setDeviceCodeTtl(2);
    try {
      const cli = startCli(['login', '--url', url, '--lang', 'ru'], env);
      await cli.waitForStderr(/Ждём подтверждения… код истечёт через 0:0[12]/);
      const result = await cli.done;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Код входа истёк, не дождавшись подтверждения.');
      expect(result.stderr).toContain('Выполните `miniapps login` ещё раз.');
    } finally {
      idp.setDeviceCodeTtl(600);
    }
  });

  it('a computer clock two hours ahead of the provider is called clock skew, with the time it shows', async () => {
    const cli = startCli(['login', '--url', url], {
      ...env,
      NODE_OPTIONS: `--import=${CLOCK_AHEAD}`,
      MINIAPPS_TEST_CLOCK_SHIFT_MS: String(2 * 3600_000),
    });
    const address = (await cli.waitForStderr(DIRECT))[1]!;
    await confirmDeviceCode(browser, address, person.id);
    const result = await cli.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `The identity provider ${idp.issuer} and this computer disagree about the time`,
    );
    expect(result.stderr).toMatch(/This computer's clock says \d{4}-\d\d-\d\dT/);
    expect(savedToken()).toBeUndefined();
  });

  it('the loopback listener refuses a redirect with another state, and a refusal, without a token', async () => {
    const cli = startCli(['login', '--browser', '--no-open', '--url', url], env);
    const address = new URL((await cli.waitForStderr(/^(http\S+\/auth\?\S+)$/m))[1]!);
    const callback = address.searchParams.get('redirect_uri')!;
    const elsewhere = await fetch(callback.replace('/callback', '/favicon.ico'));
    expect(elsewhere.status).toBe(404);
    expect((await fetch(callback)).status).toBe(404);
    const tampered = await fetch(
      `${callback}?code=stolen&state=not-this-one&iss=${encodeURIComponent(idp.issuer)}`,
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('Sign-in failed.');
    const result = await cli.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Sign-in at ${idp.issuer} failed`);
    expect(savedToken()).toBeUndefined();
  });

  it('the loopback listener takes the provider saying no as the person cancelling', async () => {
    const cli = startCli(['login', '--browser', '--no-open', '--url', url, '--lang', 'ru'], env);
    const address = new URL((await cli.waitForStderr(/^(http\S+\/auth\?\S+)$/m))[1]!);
    const callback = address.searchParams.get('redirect_uri')!;
    const state = address.searchParams.get('state')!;
    const denied = await fetch(
      `${callback}?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`,
    );
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('Провайдер входа отклонил вход');
    const result = await cli.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Провайдер входа отклонил вход (его отменили или он не разрешён).');
  });

  it('a platform that does not take the provider ID tokens says which settings to fix, and keeps nothing', async () => {
    const platform = await startTestPlatform('sqlite', {
      ...idp.platformEnv(),
      AUTH_JWT_AUDIENCE: 'the-web-client',
    });
    try {
      const otherUrl = await platform.listen();
      const cli = startCli(['login', '--browser', '--no-open', '--url', otherUrl], env);
      const address = (await cli.waitForStderr(/^(http\S+\/auth\?\S+)$/m))[1]!;
      expect(await signInThroughRedirect(browser, address, person.id)).toContain('Signed in.');
      const result = await cli.done;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `The platform ${otherUrl} does not accept the ID token from ${idp.issuer}`,
      );
      expect(result.stderr).toContain('AUTH_JWT_AUDIENCE (miniapps-cli)');
      expect(existsSync(env.MINIAPPS_CONFIG!)).toBe(false);
    } finally {
      await platform.close();
    }
  });

  it('with the provider down, logout still forgets the sign-in and says the revocation failed', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    writeSignIn(down, Math.floor(Date.now() / 1000) + 3600);
    const res = await runCli(['logout', '--url', url], { env });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(
      `Could not revoke the tokens at the identity provider: Cannot reach the identity provider ${down}`,
    );
    expect(res.stdout).toBe(`Signed out of ${url}.\n`);
    expect(savedToken()).toBeUndefined();
  });

  it('a token that ran out cannot be refreshed while the provider is down: said so, and kept for later', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    writeSignIn(down, Math.floor(Date.now() / 1000) - 1);
    const res = await runCli(['tokens', 'list', '--url', url, '--json'], { env });
    expect(res.code).toBe(1);
    expect(res.json()).toMatchObject({ ok: false, error: 'idp_unreachable' });
    expect(savedToken()).toBe('expired.id.token');
  });

  it('--email and --with-token together are a usage mistake', async () => {
    const res = await runCli(['login', '--email', 'a@uni.example', '--with-token', '--url', url], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Choose one way to sign in: --email or --with-token.');
  });
});
