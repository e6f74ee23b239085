// `miniapps deploy` past the app's deploy quota: the platform's message, when to retry in minutes, and the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';
import { createDeployToken, registerApp, signUp } from './helpers/developer.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

describe.each(dialects.slice(0, 1))('miniapps deploy past the deploy quota on %s', (dialect) => {
  let t: TestPlatform;
  let env: Record<string, string>;
  const org = 'quota-org';
  const deploy = (...extra: string[]) =>
    runCli(
      [
        'deploy',
        screensFolder({ 'index.json': textScreen('home') }),
        '--org',
        org,
        '--slug',
        'guide',
        ...extra,
      ],
      {
        env,
      },
    );

  beforeAll(async () => {
    t = await startTestPlatform(dialect, { QUOTA_DEPLOYS_PER_APP: '1/h' });
    const url = await t.listen();
    const dev = await signUp(t, 'quota-dev@uni.example', org);
    await registerApp(t, dev, org, { slug: 'guide' });
    env = {
      MINIAPPS_URL: url,
      MINIAPPS_TOKEN: await createDeployToken(t, dev),
      MINIAPPS_CONFIG: freshConfigPath(),
    };
  });
  afterAll(() => t.close());

  it('the first deploy of the hour passes; the second says why, when to retry in minutes, and exits 1', async () => {
    expect((await deploy()).code).toBe(0);
    const refused = await deploy();
    expect(refused.code).toBe(1);
    // A refusal in the second of the first deploy waits 3600 s (1 hour), a second later 3599 s (60 minutes).
    expect(refused.stderr).toMatch(
      /An app may be deployed or restored at most 1 time in 1 hour; try again in (60 minutes|1 hour)\. \(rate_limited\)/,
    );
    expect(refused.stderr).toContain('Retry after 60 min.');
  });

  it('says it in Russian, and --json carries the code and the details', async () => {
    const russian = await deploy('--lang', 'ru');
    expect(russian.stderr).toContain('Повторите через 60 мин.');
    const json = await deploy('--json');
    expect(json.json()).toMatchObject({
      ok: false,
      error: 'rate_limited',
      details: { status: 429, details: { quota: 'deploys_per_app', limit: 1, windowSeconds: 3600 } },
    });
  });
});
