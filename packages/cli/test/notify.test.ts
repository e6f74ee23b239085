// `miniapps notify` as a real process against a real platform: the audience, the limits and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { approve, createDeployToken, registerApp, signUp } from './helpers/developer.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

describe.each(dialects)('miniapps notify on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let env: Record<string, string>;
  const org = 'push-org';
  const app = (slug: string) => ['--org', org, '--slug', slug];
  const push = (slug: string, ...extra: string[]) =>
    runCli(['notify', ...app(slug), '--title', 'Timetable', '--body', 'Room 204 moved to 310', ...extra], {
      env,
    });

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    dev = await signUp(t, 'push-dev@uni.example', org);
    env = {
      MINIAPPS_URL: url,
      MINIAPPS_TOKEN: await createDeployToken(t, dev),
      MINIAPPS_CONFIG: freshConfigPath(),
    };
    await registerApp(t, dev, org, { slug: 'news', scopes: ['notifications'] });
    await registerApp(t, dev, org, { slug: 'quiet' });
    const screens = screensFolder({ 'index.json': textScreen('home') });
    for (const slug of ['news', 'quiet']) {
      expect((await runCli(['deploy', screens, ...app(slug), '--submit'], { env })).code).toBe(0);
    }
  });
  afterAll(() => t.close());

  it('refuses before approval: not_published', async () => {
    const res = await push('news');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('(not_published)');
    expect(res.stderr).toContain('wait for approval');
  });

  it('sends to the users who allowed notifications, and says how many got it', async () => {
    await approve(t, org, 'news');
    const student = await t.login('student@uni.example');
    const consent = await t.request({
      method: 'PUT',
      url: `/api/v1/me/apps/${org}/news/consent`,
      headers: student.auth,
      payload: { scopes: ['notifications'] },
    });
    expect(consent.statusCode).toBe(200);
    const res = await push('news', '--page', '/timetable');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Sent ${org}/news: delivered to 0 of 1 user(s) who allow notifications.`);
    expect(res.stdout).toContain('no registered device');
    const json = await push('news', '--json');
    expect(json.json()).toEqual({ ok: true, organizationId: org, slug: 'news', delivered: 0, users: 1 });

    // In development a browser of the web client is a device: the development inbox receives the push.
    const device = await t.request({
      method: 'POST',
      url: '/api/v1/me/devices',
      headers: student.auth,
      payload: { platform: 'web-dev', token: 'web-dev-cli-notify-0001' },
    });
    expect(device.statusCode).toBe(201);
    const delivered = await push('news', '--page', '/timetable');
    expect(delivered.stdout).toContain(
      `Sent ${org}/news: delivered to 1 of 1 user(s) who allow notifications.`,
    );
    await t.platform.push.idle();
    const inbox = await t.request({ method: 'GET', url: '/api/v1/me/inbox', headers: student.auth });
    expect(inbox.json().items).toMatchObject([
      { page: '/timetable', app: { organizationId: org, slug: 'news' } },
    ]);
  });

  it('takes a title of 80 characters and refuses 81 with bad_notification', async () => {
    const send = (title: string) =>
      runCli(['notify', ...app('news'), '--title', title, '--body', 'b'], { env });
    expect((await send('t'.repeat(80))).code).toBe(0);
    const over = await send('t'.repeat(81));
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('(bad_notification)');
    expect(over.stderr).toContain('at most 80 characters');
  });

  it('sends once per idempotency key', async () => {
    const first = await push('news', '--idempotency-key', 'release-42', '--json');
    const again = await push('news', '--idempotency-key', 'release-42', '--json');
    expect(first.code).toBe(0);
    expect(again.json()).toEqual(first.json());
  });

  it('explains notifications_not_declared and app_not_found', async () => {
    await approve(t, org, 'quiet');
    const quiet = await push('quiet');
    expect(quiet.code).toBe(1);
    expect(quiet.stderr).toContain('(notifications_not_declared)');
    expect(quiet.stderr).toContain('Declare the "notifications" scope');
    const missing = await push('nothing');
    expect(missing.stderr).toContain('(app_not_found)');
  });

  it('needs a title and a body', async () => {
    const res = await runCli(['notify', ...app('news'), '--body', 'no title'], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('A push needs --title and --body.');
  });
});
