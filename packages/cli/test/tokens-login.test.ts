// `miniapps login`, `tokens` and `logout` as real processes: the user token and deploy tokens a developer keeps.
import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { registerApp, signUp } from './helpers/developer.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

describe.each(dialects)('miniapps login and tokens on %s', (dialect) => {
  let t: TestPlatform;
  let url: string;
  let env: Record<string, string>;
  let configPath: string;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    url = await t.listen();
    const dev = await signUp(t, 'tok-dev@uni.example', 'tok-org');
    await registerApp(t, dev, 'tok-org', { slug: 'app' });
    configPath = freshConfigPath();
    // No MINIAPPS_URL: `login --url` makes the platform the default for later commands.
    env = { MINIAPPS_CONFIG: configPath };
  });
  afterAll(() => t.close());

  it('tokens without signing in says how to sign in', async () => {
    const res = await runCli(['tokens', 'list', '--url', url], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`Not signed in to ${url}.`);
    expect(res.stderr).toContain('miniapps login --email');
  });

  it('login --email signs in through the dev login and keeps the token in a 0600 file', async () => {
    const res = await runCli(['login', '--email', 'tok-dev@uni.example', '--url', url], { env });
    expect(res.stdout).toBe(`Signed in to ${url} as tok-dev@uni.example.\n`);
    expect(res.code).toBe(0);
    expect(statSync(configPath).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(configPath, 'utf8'));
    expect(saved).toMatchObject({
      url,
      platforms: { [url]: { userToken: expect.any(String), email: 'tok-dev@uni.example' } },
    });
  });

  it('creates a token, shows its value once, saves it, and deploy finds it', async () => {
    const created = await runCli(['tokens', 'create', 'laptop', '--save', '--json'], { env });
    expect(created.code).toBe(0);
    const body = created.json() as { ok: boolean; id: string; token: string; saved: boolean };
    expect(body).toMatchObject({
      ok: true,
      name: 'laptop',
      saved: true,
      token: expect.stringMatching(/^mapp_dt_[0-9a-f]{48}$/),
    });

    const list = await runCli(['tokens', 'list'], { env });
    expect(list.stdout).toContain(body.id);
    expect(list.stdout).toContain('laptop');
    expect(list.stdout).not.toContain(body.token);

    const deploy = await runCli(
      ['deploy', screensFolder({ 'index.json': textScreen('x') }), '--org', 'tok-org', '--slug', 'app'],
      {
        env,
      },
    );
    expect(deploy.stdout).toContain('Deployed tok-org/app: version 1');
    expect(deploy.code).toBe(0);
  });

  it('revoking the saved token makes deploys fail with invalid_token', async () => {
    const { tokens } = (await runCli(['tokens', 'list', '--json'], { env })).json() as unknown as {
      tokens: { id: string; name: string }[];
    };
    const laptop = tokens.find((token) => token.name === 'laptop')!;
    const revoke = await runCli(['tokens', 'revoke', laptop.id], { env });
    expect(revoke.stdout).toContain(`Revoked ${laptop.id}`);
    const deploy = await runCli(
      ['deploy', screensFolder({ 'index.json': textScreen('x') }), '--org', 'tok-org', '--slug', 'app'],
      {
        env,
      },
    );
    expect(deploy.code).toBe(1);
    expect(deploy.stderr).toContain('(invalid_token)');
    const again = await runCli(['tokens', 'revoke', laptop.id], { env });
    expect(again.stderr).toContain('(token_not_found)');
  });

  it('holds at most 5 tokens, and says what to do about the sixth', async () => {
    for (let i = 1; i <= 5; i++) expect((await runCli(['tokens', 'create', `t${i}`], { env })).code).toBe(0);
    const sixth = await runCli(['tokens', 'create', 't6'], { env });
    expect(sixth.code).toBe(1);
    expect(sixth.stderr).toContain('(token_limit)');
    expect(sixth.stderr).toContain('miniapps tokens revoke <id>');
  }, 120000);

  it('MINIAPPS_USER_TOKEN wins over the saved token; a bad one is unauthorized', async () => {
    const res = await runCli(['tokens', 'list'], { env: { ...env, MINIAPPS_USER_TOKEN: 'not-a-jwt' } });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('(unauthorized)');
  });

  it('login --with-token reads a JWT from stdin; logout forgets it', async () => {
    const other = await t.login('other@uni.example');
    const login = await runCli(['login', '--with-token'], { env, input: `${other.token}\n` });
    expect(login.stdout).toContain('as other@uni.example');
    expect((await runCli(['tokens', 'list', '--json'], { env })).json()).toEqual({ ok: true, tokens: [] });
    expect((await runCli(['logout'], { env })).code).toBe(0);
    expect((await runCli(['tokens', 'list'], { env })).stderr).toContain('Not signed in');
  });
});
