// `miniapps deploy` as a real process against a real platform: success, findings in files, and every refusal.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { createDeployToken, registerApp, signUp } from './helpers/developer.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

describe.each(dialects)('miniapps deploy on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let env: Record<string, string>;
  const org = 'cli-org';

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    dev = await signUp(t, 'cli-dev@uni.example', org);
    await registerApp(t, dev, org, { slug: 'guide' });
    await registerApp(t, dev, org, {
      slug: 'remote-one',
      sourceKind: 'remote',
      origin: 'https://origin.example.org',
    });
    env = {
      MINIAPPS_URL: url,
      MINIAPPS_TOKEN: await createDeployToken(t, dev),
      MINIAPPS_CONFIG: freshConfigPath(),
    };
  });
  afterAll(() => t.close());

  const appView = async (slug: string) =>
    (await t.request({ method: 'GET', url: `/api/v1/orgs/${org}/apps/${slug}`, headers: dev.auth })).json()
      .app;

  it('deploys a folder: paths from file places, a draft by default, progress on stderr', async () => {
    const dir = screensFolder({
      'index.json': textScreen('home'),
      'about.json': textScreen('about'),
      'news/index.json': textScreen('news'),
      'news/today.json': textScreen('today'),
    });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'guide'], { env });
    expect(res.stderr).toMatch(/Uploading 4 screens to cli-org\/guide: [\d.]+ K?B sent in [\d.]+ s/);
    expect(res.stdout).toContain('Deployed cli-org/guide: version 1, status draft (4 screens');
    expect(res.stdout).toContain('run again with --submit');
    expect(res.code).toBe(0);
    expect(await appView('guide')).toMatchObject({ version: 1, status: 'draft' });
  });

  it('--submit --json prints one JSON document for scripts, with each screen and its file', async () => {
    const dir = screensFolder({ 'index.json': textScreen('home'), 'a/index.json': textScreen('a') });
    const res = await runCli(['deploy', '--org', org, '--slug', 'guide', '--submit', '--json', '.'], {
      env,
      cwd: dir,
    });
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.json()).toMatchObject({
      ok: true,
      version: 2,
      status: 'pending_review',
      screens: [
        { path: '/', file: 'index.json' },
        { path: '/a', file: 'a/index.json' },
      ],
      validation: { unknownWidgets: [], unknownActions: [] },
      findings: [],
    });
    expect(await appView('guide')).toMatchObject({ version: 2, status: 'pending_review' });
  });

  it('reads the app from miniapp.json and lists unknown widgets and actions with file, pointer and suggestion', async () => {
    const dir = screensFolder({
      'miniapp.json': { organizationId: org, slug: 'guide', screens: 'pages' },
      'pages/index.json': {
        type: 'screen',
        children: [
          { type: 'colum', children: [] },
          { type: 'button', label: 'Go', onTap: { actionType: 'openpage', path: '/x' } },
          { type: 'text', text: 'Hi ${user.name}' },
        ],
      },
    });
    const res = await runCli(['deploy', dir], { env, cwd: dir });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Deployed cli-org/guide: version 3');
    expect(res.stdout).toContain('Unknown widgets and actions (deployed anyway');
    expect(res.stdout).toMatch(
      /pages\/index\.json\n\s+unknown\s+\/children\/0\/type\s+unknown widget "colum"; did you mean "column"\?/,
    );
    expect(res.stdout).toMatch(
      /unknown\s+\/children\/1\/onTap\/actionType\s+unknown action "openpage"; did you mean "openPage"\?/,
    );
    // The platform's bindingErrors, mapped back to the file like its other findings.
    expect(res.stdout).toMatch(/warning\s+\/children\/2\/text\s+binding: "user.name" starts with "user"/);
  });

  it('--strict refuses to deploy a screen with an unknown type, and nothing changes', async () => {
    const dir = screensFolder({ 'index.json': { type: 'screen', children: [{ type: 'txt', text: 'x' }] } });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'guide', '--strict'], { env, cwd: dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Not deployed: 0 error(s), 1 unknown type(s)');
    expect(res.stderr).toMatch(
      /index\.json\n\s+unknown\s+\/children\/0\/type\s+unknown widget "txt"; did you mean "text"\?/,
    );
    expect((await appView('guide')).version).toBe(3);
  });

  it('stops before uploading when a file is not JSON, naming the line and column', async () => {
    const dir = screensFolder({
      'index.json': textScreen('ok'),
      'broken.json': '{\n  "type": "screen",\n}\n',
    });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'guide'], { env, cwd: dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /broken\.json\n\s+error\s+\(file\)\s+is not valid JSON: .*\(line 3, column 1\)/,
    );
    expect(res.stderr).not.toContain('Uploading');
    expect((await appView('guide')).version).toBe(3);
  });

  it('refuses 31 screens locally and takes 30', async () => {
    const many = (n: number) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [i === 0 ? 'index.json' : `p${i}.json`, textScreen(`${i}`)]),
      );
    const over = await runCli(['deploy', screensFolder(many(31)), '--org', org, '--slug', 'guide'], { env });
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('holds 31 screens; a deploy has 1 to 30');
    const limit = await runCli(
      ['deploy', screensFolder(many(30)), '--org', org, '--slug', 'guide', '--json'],
      { env },
    );
    expect(limit.code).toBe(0);
    expect(limit.json()).toMatchObject({ ok: true, version: 4 });
  });

  it("maps the platform's bad_screens faults back to the file", async () => {
    // A name the folder allows but the platform refuses as a path: it decodes to a `..` segment.
    const dir = screensFolder({ 'index.json': textScreen('ok'), '%2e%2e.json': textScreen('sneaky') });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'guide'], { env, cwd: dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('(bad_screens)');
    expect(res.stderr).toMatch(
      /%2e%2e\.json\n\s+error\s+\(deploy item\)\/path\s+must not contain \. or \.\. segments/,
    );
    expect(res.stderr).toContain('miniapps validate');
  });

  it.each([
    [
      'invalid_token',
      { MINIAPPS_TOKEN: `mapp_dt_${'0'.repeat(48)}` },
      'guide',
      /deploy token is unknown or revoked/,
    ],
    ['app_not_found', {}, 'no-such-app', /Check --org and --slug/],
    ['not_hosted', {}, 'remote-one', /registered as remote/],
  ])('explains %s and exits 1', async (code, extraEnv, slug, hint) => {
    const dir = screensFolder({ 'index.json': textScreen('x') });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', slug], { env: { ...env, ...extraEnv } });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`(${code})`);
    expect(res.stderr).toMatch(hint);
    const json = await runCli(['deploy', dir, '--org', org, '--slug', slug, '--json'], {
      env: { ...env, ...extraEnv },
    });
    expect(json.code).toBe(1);
    expect(json.json()).toMatchObject({ ok: false, error: code, message: expect.any(String) });
  });

  it('explains suspended', async () => {
    await registerApp(t, dev, org, { slug: 'frozen' });
    const dir = screensFolder({ 'index.json': textScreen('x') });
    expect((await runCli(['deploy', dir, '--org', org, '--slug', 'frozen', '--submit'], { env })).code).toBe(
      0,
    );
    const moderator = await t.login('mod@uni.example', { moderator: true });
    const suspend = await t.request({
      method: 'POST',
      url: `/api/v1/moderation/apps/${org}/frozen/suspend`,
      headers: moderator.auth,
      payload: { reason: 'abuse' },
    });
    expect(suspend.statusCode).toBe(200);
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'frozen'], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('(suspended)');
    expect(res.stderr).toContain('until a moderator lifts it');
  });

  it('says what is missing: the app, the token, a reachable platform', async () => {
    const dir = screensFolder({ 'index.json': textScreen('x') });
    const noApp = await runCli(['deploy', dir], { env });
    expect(noApp.code).toBe(2);
    expect(noApp.stderr).toContain('Pass --org and --slug, or write them in miniapp.json');
    const noToken = await runCli(['deploy', dir, '--org', org, '--slug', 'guide'], {
      env: { ...env, MINIAPPS_TOKEN: undefined },
    });
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toContain('No deploy token for');
    const closed = await closedPort();
    const down = await runCli(
      ['deploy', dir, '--org', org, '--slug', 'guide', '--url', `http://127.0.0.1:${closed}`],
      {
        env,
      },
    );
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`Cannot reach the platform at http://127.0.0.1:${closed} (ECONNREFUSED)`);
    expect(down.stderr).toContain('Set MINIAPPS_URL (or --url)');
  });
});

/** A loopback port nothing listens on: taken, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
