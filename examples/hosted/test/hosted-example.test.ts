// The hosted example end to end: `npx miniapps deploy examples/hosted` against a running platform, then a user
// opens every screen through the proxy exactly as the files hold it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshConfigPath, runCli } from '../../../packages/cli/test/helpers/cli-process.js';
import { approve, registerApp, signUp } from '../../../packages/cli/test/helpers/developer.js';
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

describe.each(dialects)('examples/hosted on %s', (dialect) => {
  let t: TestPlatform;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    const dev = await signUp(t, 'guide-dev@uni.example', manifest.organizationId);
    await registerApp(t, dev, manifest.organizationId, { slug: manifest.slug, name: 'Campus guide' });
    env = { MINIAPPS_URL: url, MINIAPPS_CONFIG: freshConfigPath() };
  });
  afterAll(() => t.close());

  it('a developer signs in, saves a deploy token and deploys the example with npx miniapps', async () => {
    const login = await runCli(['login', '--email', 'guide-dev@uni.example'], { env, viaNpx: true });
    expect(login.stdout).toContain('Signed in to');
    expect(login.code).toBe(0);
    const token = await runCli(['tokens', 'create', 'laptop', '--save'], { env, viaNpx: true });
    expect(token.stdout).toMatch(/mapp_dt_[0-9a-f]{48}/);
    expect(token.code).toBe(0);

    const deploy = await runCli(['deploy', 'examples/hosted', '--submit'], { env, viaNpx: true });
    expect(deploy.stdout).toContain(
      `Deployed ${manifest.organizationId}/${manifest.slug}: version 1, status pending_review (6 screens`,
    );
    expect(deploy.stdout).not.toContain('Unknown widgets');
    expect(deploy.stderr).toMatch(
      /Uploading 6 screens and 1 dataset to demo-university\/campus-guide: [\d.]+ K?B sent/,
    );
    expect(deploy.code).toBe(0);
  });

  it('after approval, a user opens every screen through the proxy as its file holds it', async () => {
    await approve(t, manifest.organizationId, manifest.slug);
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
