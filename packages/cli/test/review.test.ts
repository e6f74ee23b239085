// `miniapps review` as real processes: a moderator signed in through the dev login rejects, then approves, an app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

describe.each(dialects)('miniapps review on %s', (dialect) => {
  let t: TestPlatform;
  let developer: Record<string, string>;
  let moderator: Record<string, string>;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    developer = { MINIAPPS_CONFIG: freshConfigPath(), MINIAPPS_URL: url };
    moderator = { MINIAPPS_CONFIG: freshConfigPath(), MINIAPPS_URL: url };
    expect((await runCli(['login', '--email', 'review-dev@uni.example'], { env: developer })).code).toBe(0);
    const signIn = await runCli(['login', '--email', 'review-mod@uni.example', '--moderator'], {
      env: moderator,
    });
    expect(signIn.code).toBe(0);
    for (const args of [
      ['orgs', 'create', 'review-org'],
      ['apps', 'create', 'guide', '--org', 'review-org'],
      ['tokens', 'create', 'ci', '--save'],
      [
        'deploy',
        screensFolder({ 'index.json': textScreen('hello') }),
        '--org',
        'review-org',
        '--slug',
        'guide',
        '--submit',
      ],
    ])
      expect((await runCli(args, { env: developer })).code).toBe(0);
  }, 120_000);
  afterAll(() => t.close());

  it('is refused to a developer who is not a moderator, and --moderator needs the dev login', async () => {
    const list = await runCli(['review', 'list'], { env: developer });
    expect(list.code).toBe(1);
    expect(list.stderr).toContain('(forbidden)');
    const approve = await runCli(['review', 'approve', 'review-org/guide'], { env: developer });
    expect(approve.code).toBe(1);
    expect(
      (await runCli(['apps', 'status', 'guide', '--org', 'review-org', '--json'], { env: developer })).json(),
    ).toMatchObject({ status: 'pending_review' });
    const noEmail = await runCli(['login', '--moderator'], { env: moderator });
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('--moderator goes with --email');
  }, 60_000);

  it('lists the queue, rejects with a reason the developer reads, then approves the resubmission', async () => {
    const queue = await runCli(['review', 'list'], { env: moderator });
    expect(queue.code).toBe(0);
    expect(queue.stdout).toMatch(/review-org\/guide\s+hosted\s+1 /);
    expect(queue.stdout).toContain('miniapps review approve <org>/<slug>');

    const noReason = await runCli(['review', 'reject', 'review-org/guide'], { env: moderator });
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason');
    const badName = await runCli(['review', 'approve', 'guide'], { env: moderator });
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain('as <org>/<slug>');

    const reject = await runCli(
      ['review', 'reject', 'review-org/guide', '--reason', 'The first screen is empty.'],
      {
        env: moderator,
      },
    );
    expect(reject.stdout).toContain('Rejected review-org/guide');
    const rejected = await runCli(['apps', 'status', 'guide', '--org', 'review-org'], { env: developer });
    expect(rejected.stdout).toContain('rejected');
    expect(rejected.stdout).toContain('The first screen is empty.');

    expect((await runCli(['apps', 'submit', 'guide', '--org', 'review-org'], { env: developer })).code).toBe(
      0,
    );
    const approve = await runCli(['review', 'approve', 'review-org/guide'], { env: moderator });
    expect(approve.code).toBe(0);
    expect(approve.stdout).toMatch(/Approved review-org\/guide: version \d+ is live/);
    expect(
      (await runCli(['apps', 'status', 'guide', '--org', 'review-org', '--json'], { env: developer })).json(),
    ).toMatchObject({ status: 'published' });
    expect((await runCli(['review', 'list', '--json'], { env: moderator })).json()).toEqual({
      ok: true,
      queue: [],
    });
  }, 120_000);

  it('speaks Russian', async () => {
    const empty = await runCli(['review', 'list', '--lang', 'ru'], { env: moderator });
    expect(empty.stdout).toContain('На проверке ничего нет.');
    const help = await runCli(['review', '--help', '--lang', 'ru'], { env: moderator });
    expect(help.stdout).toContain('--moderator');
  }, 60_000);
});
