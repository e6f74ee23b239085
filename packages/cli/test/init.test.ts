// `miniapps init`: a new hosted app's folder that validates, deploys and serves its dataset as it is.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { approve, createDeployToken, registerApp, signUp } from './helpers/developer.js';

const FILES = [
  'miniapp.json',
  'screens/index.json',
  'screens/items.json',
  'data/items.json',
  'strings/en.json',
  'strings/ru.json',
  'README.md',
];

describe('miniapps init', () => {
  it('writes the template, named after the folder, and it validates clean', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'miniapps-init-'));
    const res = await runCli(['init', 'canteen', '--org', 'acme'], { cwd: parent });
    expect(res.stdout).toContain('Created acme/canteen in canteen: 7 files.');
    expect(res.stdout).toContain('miniapps apps create canteen --org acme');
    expect(res.code).toBe(0);
    for (const file of FILES) expect(existsSync(join(parent, 'canteen', file)), file).toBe(true);
    expect(JSON.parse(readFileSync(join(parent, 'canteen/miniapp.json'), 'utf8'))).toEqual({
      organizationId: 'acme',
      slug: 'canteen',
      screens: 'screens',
    });
    const ru = JSON.parse(readFileSync(join(parent, 'canteen/strings/ru.json'), 'utf8'));
    const en = JSON.parse(readFileSync(join(parent, 'canteen/strings/en.json'), 'utf8'));
    expect(Object.keys(ru)).toEqual(Object.keys(en));
    const check = await runCli(['validate', 'canteen'], { cwd: parent });
    expect(check.stdout).toContain(
      '2 screen(s) in canteen/screens: 0 error(s), 0 unknown type(s), 0 warning(s).',
    );
    expect(check.code).toBe(0);
  });

  it('overwrites nothing, and names the files it found', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'miniapps-init-'));
    expect((await runCli(['init', 'app', '--org', 'acme'], { cwd: parent })).code).toBe(0);
    const again = await runCli(['init', 'app', '--org', 'acme', '--json'], { cwd: parent });
    expect(again.code).toBe(1);
    expect(again.json()).toMatchObject({ ok: false, error: 'files_exist' });
    expect(String(again.json().message)).toContain('app already holds miniapp.json, screens/index.json');
  });

  it('takes a slug of 2 to 63 characters and refuses 1 and 64, and asks for the organization', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'miniapps-init-'));
    const longest = 'a'.repeat(63);
    expect((await runCli(['init', 'x', '--org', 'acme', '--slug', longest], { cwd: parent })).code).toBe(0);
    const tooLong = await runCli(['init', 'y', '--org', 'acme', '--slug', `${longest}a`], { cwd: parent });
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain(`--slug "${longest}a" is not a valid id`);
    expect(existsSync(join(parent, 'y'))).toBe(false);
    expect((await runCli(['init', 'ab', '--org', 'acme'], { cwd: parent })).code).toBe(0);
    const tooShort = await runCli(['init', 'b', '--org', 'acme'], { cwd: parent });
    expect(tooShort.stderr).toContain('--slug "b" is not a valid id: 2–63 lowercase letters');
    const noOrg = await runCli(['init', 'z'], { cwd: parent });
    expect(noOrg.code).toBe(2);
    expect(noOrg.stderr).toContain('miniapps orgs list');
    const ruHelp = await runCli(['init', '--help', '--lang', 'ru']);
    expect(ruHelp.stdout).toContain('Начать новое приложение по шаблону');
  });
});

describe('miniapps init --remote', () => {
  it('writes an origin whose own test passes: unsigned and forged requests refused, signed ones served', async () => {
    // Inside the repository, so the origin's `@miniapps/sdk` resolves to the workspace's SDK as an install would.
    const parent = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.init-'));
    try {
      const res = await runCli(
        ['init', 'origin', '--org', 'acme', '--slug', 'timetable', '--remote', '--json'],
        {
          cwd: parent,
        },
      );
      expect(res.json()).toMatchObject({
        ok: true,
        slug: 'timetable',
        sourceKind: 'remote',
        files: [
          'miniapp.json',
          'package.json',
          'src/origin.mjs',
          'src/main.mjs',
          'test/origin.test.mjs',
          'README.md',
        ],
      });
      const dir = join(parent, 'origin');
      // The SDK's sources, as `npm test` would run its published build.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--conditions=source', '--test', 'test/origin.test.mjs'],
        { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME } },
      );
      expect(stdout).toMatch(/# pass 3\n/);
      expect(stdout).toMatch(/# fail 0\n/);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)('a new app from miniapps init on %s', (dialect) => {
  let t: TestPlatform;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    const dev = await signUp(t, 'init-dev@uni.example', 'init-org');
    await registerApp(t, dev, 'init-org', { slug: 'fresh' });
    env = {
      MINIAPPS_URL: url,
      MINIAPPS_CONFIG: freshConfigPath(),
      MINIAPPS_TOKEN: await createDeployToken(t, dev),
    };
  });
  afterAll(() => t.close());

  it('deploys as it is and serves its dataset once approved', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'miniapps-init-'));
    expect((await runCli(['init', 'fresh', '--org', 'init-org'], { cwd: parent })).code).toBe(0);
    const deploy = await runCli(['deploy', 'fresh', '--submit'], { env, cwd: parent });
    expect(deploy.stdout).toContain('Deployed init-org/fresh: version 1, status pending_review (2 screens');
    expect(deploy.code).toBe(0);
    await approve(t, 'init-org', 'fresh');
    const student = await t.login('student@uni.example');
    const items = await t.request({
      method: 'GET',
      url: '/functions/v1/miniapp-proxy/init-org/fresh/api/data/items',
      headers: student.auth,
    });
    expect(items.statusCode).toBe(200);
    expect(items.json()).toEqual(JSON.parse(readFileSync(join(parent, 'fresh/data/items.json'), 'utf8')));
  });
});
