// The hosted example end to end: `npx miniapps deploy examples/hosted` against a running platform, then a user
// opens every screen through the proxy exactly as the files hold it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshConfigPath, runCli } from '../../../packages/cli/test/helpers/cli-process.js';
import { approve } from '../../../packages/cli/test/helpers/developer.js';
import { dialects } from '../../../packages/server/test/helpers/databases.js';
import { startTestPlatform, type TestPlatform } from '../../../packages/server/test/helpers/platform.js';

const example = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(example, 'miniapp.json'), 'utf8'));
const screenFiles: Record<string, string> = {
  '/': 'index.json',
  '/events': 'events.json',
  '/timetable': 'timetable.json',
  '/contacts': 'contacts.json',
  '/news': 'news/index.json',
  '/news/welcome-week': 'news/welcome-week.json',
};
const fileJson = (file: string) => JSON.parse(readFileSync(join(example, 'screens', file), 'utf8'));

/** The `npx miniapps` commands of the README's block, as argument lists (comments off, quotes honoured). */
function readmeCommands(): string[][] {
  const readme = readFileSync(join(example, 'README.md'), 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  return block
    .split('\n')
    .filter((line) => line.startsWith('npx miniapps '))
    .map((line) =>
      [...line.replace(/\s+#.*$/, '').matchAll(/"([^"]*)"|(\S+)/g)].slice(2).map((m) => m[1] ?? m[2]!),
    );
}

describe.each(dialects)('examples/hosted on %s', (dialect) => {
  let t: TestPlatform;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    env = { MINIAPPS_URL: url, MINIAPPS_CONFIG: freshConfigPath() };
  });
  afterAll(() => t.close());

  it("the README's commands take a developer from sign-in to an app in review, with the CLI alone", async () => {
    const commands = readmeCommands();
    expect(commands.map((args) => args.slice(0, 2).join(' '))).toEqual([
      'login --email',
      'orgs create',
      'apps create',
      'tokens create',
      'validate examples/hosted',
      'dev examples/hosted',
      'deploy examples/hosted',
      'apps status',
    ]);
    const output: Record<string, string> = {};
    // `dev` serves until stopped; its own test covers it.
    for (const args of commands.filter(([name]) => name !== 'dev')) {
      const res = await runCli(args, { env, viaNpx: true });
      expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
      output[args.slice(0, 2).join(' ')] = res.stdout + res.stderr;
    }
    expect(output['orgs create']).toContain(`Created organization ${manifest.organizationId}`);
    expect(output['apps create']).toContain(
      `Created hosted app ${manifest.organizationId}/${manifest.slug}.`,
    );
    expect(output['tokens create']).toMatch(/mapp_dt_[0-9a-f]{48}/);
    expect(output['deploy examples/hosted']).toContain(
      `Deployed ${manifest.organizationId}/${manifest.slug}: version 1, status pending_review (6 screens`,
    );
    expect(output['deploy examples/hosted']).not.toContain('Unknown widgets');
    expect(output['deploy examples/hosted']).toMatch(
      /Uploading 6 screens and 1 dataset to demo-university\/campus-guide: [\d.]+ K?B sent/,
    );
    expect(output['apps status']).toContain(
      `${manifest.organizationId}/${manifest.slug}: pending_review, version 1, live version none.`,
    );
  }, 180000);

  it('after approval, a user opens every screen through the proxy as its file holds it', async () => {
    await approve(t, manifest.organizationId, manifest.slug);
    const status = await runCli(['apps', 'status', manifest.slug, '--org', manifest.organizationId], { env });
    expect(status.stdout).toContain(
      `${manifest.organizationId}/${manifest.slug}: published, version 1, live version 1.`,
    );
    const student = await t.login('student@uni.example');
    for (const [path, file] of Object.entries(screenFiles)) {
      const res = await t.request({
        method: 'GET',
        url: `/functions/v1/miniapp-proxy/${manifest.organizationId}/${manifest.slug}/screen${path}`,
        headers: student.auth,
      });
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).toEqual(fileJson(file));
    }
  });

  it('a draft deploy makes version 2 while users keep the approved version 1', async () => {
    const deploy = await runCli(['deploy', 'examples/hosted', '--json'], { env });
    expect(deploy.json()).toMatchObject({ ok: true, version: 2, status: 'draft' });
    const student = await t.login('student@uni.example');
    const res = await t.request({
      method: 'GET',
      url: `/functions/v1/miniapp-proxy/${manifest.organizationId}/${manifest.slug}/screen/`,
      headers: student.auth,
    });
    expect(res.json()).toEqual(fileJson('index.json'));
    const app = await t.request({
      method: 'GET',
      url: `/api/v1/catalog`,
      headers: student.auth,
    });
    expect(JSON.stringify(app.json())).toContain(manifest.slug);
  });

  it('validates offline with the same registry', async () => {
    const res = await runCli(['validate', 'examples/hosted']);
    expect(res.stdout).toContain(
      '6 screen(s) in examples/hosted/screens: 0 error(s), 0 unknown type(s), 0 warning(s).',
    );
    expect(res.code).toBe(0);
  });
});
