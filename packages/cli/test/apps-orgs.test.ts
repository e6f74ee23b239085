// `miniapps orgs` and `miniapps apps` as real processes: a developer's path from an organization to an app under review.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { approve } from './helpers/developer.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

describe.each(dialects)('miniapps orgs and apps on %s', (dialect) => {
  let t: TestPlatform;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    env = { MINIAPPS_CONFIG: freshConfigPath(), MINIAPPS_URL: url };
    expect((await runCli(['login', '--email', 'apps-dev@uni.example'], { env })).code).toBe(0);
  });
  afterAll(() => t.close());

  it('starts with no organization and says how to create one', async () => {
    expect((await runCli(['orgs', 'list'], { env })).stdout).toContain('miniapps orgs create <id>');
    expect((await runCli(['apps', 'list'], { env })).stdout).toContain('miniapps orgs create <id>');
  });

  it('creates an organization, lists it, and refuses its id twice', async () => {
    const created = await runCli(['orgs', 'create', 'cli-org', '--name', 'CLI University'], { env });
    expect(created.stdout).toContain('Created organization cli-org ("CLI University"); you are its owner.');
    expect(created.stdout).toContain('miniapps apps create <slug> --org cli-org');
    expect(created.code).toBe(0);
    const list = (await runCli(['orgs', 'list', '--json'], { env })).json();
    expect(list).toMatchObject({
      ok: true,
      organizations: [{ id: 'cli-org', name: 'CLI University', role: 'owner' }],
    });
    const again = await runCli(['orgs', 'create', 'cli-org'], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('(org_exists)');
    const bad = await runCli(['orgs', 'create', 'Bad Id!'], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/\((validation_failed|bad_slug|invalid_slug)\)/);
  });

  it('creates a hosted app as a draft whose next step is a deploy, and will not submit it before one', async () => {
    const created = await runCli(
      ['apps', 'create', 'guide', '--org', 'cli-org', '--name', 'Campus guide', '--category', 'education'],
      { env },
    );
    expect(created.stdout).toContain('Created hosted app cli-org/guide.');
    expect(created.stdout).toContain('miniapps deploy <folder> --org cli-org --slug guide --submit');
    const status = await runCli(['apps', 'status', 'guide', '--org', 'cli-org', '--json'], { env });
    expect(status.json()).toEqual({
      ok: true,
      app: 'cli-org/guide',
      sourceKind: 'hosted',
      status: 'draft',
      version: 0,
      liveVersion: null,
      reviewNote: null,
    });
    const submit = await runCli(['apps', 'submit', 'guide', '--org', 'cli-org'], { env });
    expect(submit.code).toBe(1);
    expect(submit.stderr).toContain('cli-org/guide has nothing to submit: it has never been deployed.');
    expect(submit.stderr).toContain('miniapps deploy <folder> --org cli-org --slug guide --submit');
  });

  it('submits a deployed draft for review, then shows it live once approved', async () => {
    const token = (await runCli(['tokens', 'create', 'ci', '--save', '--json'], { env })).json();
    expect(token.ok).toBe(true);
    const folder = screensFolder({ 'index.json': textScreen('hello') });
    expect((await runCli(['deploy', folder, '--org', 'cli-org', '--slug', 'guide'], { env })).code).toBe(0);
    const draft = await runCli(['apps', 'status', 'guide', '--org', 'cli-org'], { env });
    expect(draft.stdout).toContain('cli-org/guide: draft, version 1, live version none.');
    expect(draft.stdout).toContain('miniapps apps submit guide --org cli-org');

    const submit = await runCli(['apps', 'submit', 'guide', '--org', 'cli-org'], { env });
    expect(submit.stdout).toContain('Submitted cli-org/guide (version 2) for review.');
    expect(submit.code).toBe(0);
    const pending = (await runCli(['apps', 'status', 'guide', '--org', 'cli-org', '--json'], { env })).json();
    expect(pending).toMatchObject({ status: 'pending_review', version: 2 });
    const twice = await runCli(['apps', 'submit', 'guide', '--org', 'cli-org'], { env });
    expect(twice.stdout).toContain('cli-org/guide is already waiting for review (version 2).');
    expect(
      (await runCli(['apps', 'status', 'guide', '--org', 'cli-org', '--json'], { env })).json(),
    ).toMatchObject({
      version: 2,
    });

    await approve(t, 'cli-org', 'guide');
    const live = await runCli(['apps', 'status', 'guide', '--org', 'cli-org'], { env });
    expect(live.stdout).toBe('cli-org/guide: published, version 2, live version 2.\n');
    const again = await runCli(['apps', 'submit', 'guide', '--org', 'cli-org'], { env });
    expect(again.stdout).toContain('cli-org/guide: version 2 is already live; nothing to submit.');
  });

  it('creates a remote app straight into review; submit with a change re-submits it, without one explains', async () => {
    const created = await runCli(
      [
        'apps',
        'create',
        'timetable',
        '--org',
        'cli-org',
        '--origin',
        'https://timetable.uni.example',
        '--scopes',
        'profile, notifications',
        '--start-path',
        '/week',
        '--json',
      ],
      { env },
    );
    expect(created.json()).toMatchObject({
      ok: true,
      app: {
        sourceKind: 'remote',
        status: 'pending_review',
        origin: 'https://timetable.uni.example',
        scopes: ['profile', 'notifications'],
        startPath: '/week',
        name: 'timetable',
      },
    });
    const pending = await runCli(['apps', 'submit', 'timetable', '--org', 'cli-org'], { env });
    expect(pending.stdout).toContain('cli-org/timetable is already waiting for review');

    await approve(t, 'cli-org', 'timetable');
    const live = await runCli(['apps', 'submit', 'timetable', '--org', 'cli-org'], { env });
    expect(live.stdout).toContain(
      'cli-org/timetable is live; its screens change on the origin without review',
    );
    expect(live.stdout).toContain('--origin <https-url>');
    const changed = await runCli(
      ['apps', 'submit', 'timetable', '--org', 'cli-org', '--description', 'The week at a glance'],
      { env },
    );
    expect(changed.stdout).toContain('Submitted cli-org/timetable');
    const shown = await runCli(['apps', 'show', 'timetable', '--org', 'cli-org'], { env });
    expect(shown.stdout).toContain('The week at a glance');
    expect(shown.stdout).toContain('cli-org/timetable: pending_review, version');
  });

  it("prints a remote app's signing secret alone on stdout, and names the previous one's window on a rotation", async () => {
    const first = await runCli(['apps', 'secret', 'timetable', '--org', 'cli-org'], { env });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^mapp_ss_\S+\n$/);
    expect(first.stderr).toContain('shown this once: give it to the origin as MINIAPP_SECRET');
    const rotated = await runCli(['apps', 'secret', 'timetable', '--org', 'cli-org', '--json'], { env });
    const json = rotated.json();
    expect(json.secret).toMatch(/^mapp_ss_/);
    expect(json.secret).not.toBe(first.stdout.trim());
    expect(Date.parse(String(json.previousValidUntil)) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const hosted = await runCli(['apps', 'secret', 'guide', '--org', 'cli-org'], { env });
    expect(hosted.code).toBe(1);
    expect(hosted.stdout).toBe('');
  }, 90_000);

  it('lists the apps of every organization, and reads the app from miniapp.json', async () => {
    const list = await runCli(['apps', 'list'], { env });
    expect(list.stdout).toMatch(/cli-org\/guide\s+hosted\s+published\s+2 \(live 2\)/);
    expect(list.stdout).toMatch(/cli-org\/timetable\s+remote\s+pending_review/);
    const folder = screensFolder({ 'index.json': textScreen('x') });
    writeFileSync(`${folder}/miniapp.json`, JSON.stringify({ organizationId: 'cli-org', slug: 'guide' }));
    const status = await runCli(['apps', 'status'], { env, cwd: folder });
    expect(status.stdout).toContain('cli-org/guide: published');
    const empty = `${folder}/empty`;
    mkdirSync(empty);
    const which = await runCli(['apps', 'status'], { env, cwd: empty });
    expect(which.code).toBe(2);
    expect(which.stderr).toContain('Which app? miniapps apps status <slug> --org <id>');
  });

  it('names the next step for an unknown app or action, in Russian too', async () => {
    const missing = await runCli(['apps', 'show', 'nope', '--org', 'cli-org'], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No app "nope" in "cli-org". (not_found)');
    const action = await runCli(['apps', 'publish'], { env });
    expect(action.code).toBe(2);
    expect(action.stderr).toContain('Use list, create <slug>, show, status, submit or secret.');
    const ru = await runCli(['apps', 'status', 'guide', '--org', 'cli-org', '--lang', 'ru'], { env });
    expect(ru.stdout).toContain('cli-org/guide: published, версия 2, в работе версия 2.');
  });
});
