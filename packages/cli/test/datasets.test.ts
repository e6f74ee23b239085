// Datasets and strings in a project: `miniapps deploy` sends data/<name>.json and strings/<locale>.json
// beside the screens (even when the screens are the project's root), refuses bad ones before uploading, `validate`
// reports a ${t.key} a locale lacks, and `miniapps dev` serves datasets at /api/data/<name> and the strings.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { launchBrowser } from '../../web/test/helpers/browser.js';
import { BIN, freshConfigPath, runCli } from './helpers/cli-process.js';
import { approve, createDeployToken, registerApp, signUp } from './helpers/developer.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

const rooms = [{ name: 'A1' }, { name: 'Hall' }];
const listScreen = {
  type: 'screen',
  state: { rooms: [] },
  onLoad: { actionType: 'networkRequest', url: '/data/rooms', resultTo: 'state.rooms' },
  children: [
    {
      type: 'list',
      itemsFrom: '${state.rooms}',
      itemTemplate: { type: 'listItem', title: 'Room ${item.name}' },
    },
  ],
};

describe.each(dialects)('datasets with miniapps deploy on %s', (dialect) => {
  let t: TestPlatform;
  let dev: SignedIn;
  let env: Record<string, string>;
  const org = 'data-org';

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    dev = await signUp(t, 'data-dev@uni.example', org);
    await registerApp(t, dev, org, { slug: 'rooms' });
    env = {
      MINIAPPS_URL: url,
      MINIAPPS_TOKEN: await createDeployToken(t, dev),
      MINIAPPS_CONFIG: freshConfigPath(),
    };
  });
  afterAll(() => t.close());

  it('deploys data/*.json with the screens; data/ is never read as screens, even with the screens at the root', async () => {
    const dir = screensFolder({ 'index.json': listScreen, 'data/rooms.json': rooms, 'data/empty.json': [] });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'rooms', '--submit', '--json'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.json()).toMatchObject({
      version: 1,
      screens: [{ path: '/' }],
      data: [
        { name: 'empty', file: expect.stringMatching(/data\/empty\.json$/) },
        { name: 'rooms', file: expect.stringMatching(/data\/rooms\.json$/) },
      ],
    });
    await approve(t, org, 'rooms');
    const user = await t.login('reader@uni.example');
    const answer = await t.request({
      method: 'GET',
      url: `/functions/v1/miniapp-proxy/${org}/rooms/api/data/rooms`,
      headers: user.auth,
    });
    expect(answer.json()).toEqual(rooms);
    const human = await runCli(['deploy', dir, '--org', org, '--slug', 'rooms'], { env });
    expect(human.stderr).toMatch(/Uploading 1 screen and 2 datasets to data-org\/rooms/);
    expect(human.stdout).toContain('(1 screens, 2 datasets,');
  });

  it('stops before uploading on a dataset that is not JSON or has a name the platform refuses', async () => {
    const dir = screensFolder({
      'index.json': textScreen('x'),
      'data/Rooms.json': [],
      'data/bad.json': '{"a": ',
    });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'rooms'], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).not.toContain('Uploading');
    expect(res.stderr).toMatch(/data\/Rooms\.json[\s\S]*a dataset file is named 1 to 64 of a-z 0-9 _ -/);
    expect(res.stderr).toMatch(/data\/bad\.json[\s\S]*is not valid JSON/);
    const validate = await runCli(['validate', dir]);
    expect(validate.code).toBe(1);
  });

  it('a dataset past 512 KB is refused by the platform with its name, and nothing changes', async () => {
    const dir = screensFolder({
      'index.json': textScreen('x'),
      'data/big.json': JSON.stringify('x'.repeat(512 * 1024 - 1)),
    });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'rooms'], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('/data/big is 524289 bytes of JSON');
  });
});

const greeting = {
  type: 'screen',
  title: '${t.title}',
  children: [{ type: 'text', text: '${t.hello}' }],
};

describe.each(dialects)('strings with miniapps deploy on %s', (dialect) => {
  let t: TestPlatform;
  let env: Record<string, string>;
  const org = 'str-org';

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    const url = await t.listen();
    const dev = await signUp(t, 'str-dev@uni.example', org);
    await registerApp(t, dev, org, { slug: 'hello' });
    env = {
      MINIAPPS_URL: url,
      MINIAPPS_TOKEN: await createDeployToken(t, dev),
      MINIAPPS_CONFIG: freshConfigPath(),
    };
  });
  afterAll(() => t.close());

  it('deploys strings/<locale>.json; a key one locale lacks is a warning at the text using it', async () => {
    const dir = screensFolder({
      'index.json': greeting,
      'strings/en.json': { title: 'Hi', hello: 'Hello' },
      'strings/ru.json': { title: 'Привет' },
    });
    const validate = await runCli(['validate', dir]);
    expect(validate.code).toBe(0);
    expect(validate.stdout).toContain('1 warning(s)');
    expect(validate.stdout).toMatch(
      /index\.json[\s\S]*\/children\/0\/text {2}binding: "t\.hello" is missing in locale "ru"/,
    );
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'hello', '--submit', '--json'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.json()).toMatchObject({
      strings: [{ locale: 'en' }, { locale: 'ru' }],
      findings: [
        {
          file: expect.stringMatching(/index\.json$/),
          pointer: '/children/0/text',
          code: 'binding_missing_string',
        },
      ],
    });
    await approve(t, org, 'hello');
    const user = await t.login('reader@uni.example');
    const answer = await t.request({
      method: 'GET',
      url: `/functions/v1/miniapp-proxy/${org}/hello/strings`,
      headers: { ...user.auth, 'accept-language': 'ru' },
    });
    expect(answer.json()).toMatchObject({
      locale: 'ru',
      locales: ['en', 'ru'],
      strings: { title: 'Привет' },
    });
  });

  it('stops before uploading on a strings file named by no locale, or with a bad key or text', async () => {
    const dir = screensFolder({
      'index.json': greeting,
      'strings/english.json': { title: 'x' },
      'strings/ru.json': { 'a.b': 'x', n: 1 },
    });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'hello'], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).not.toContain('Uploading');
    expect(res.stderr).toMatch(/strings\/english\.json/);
    expect(res.stderr).toMatch(/strings\/ru\.json[\s\S]*\/a\.b[\s\S]*\/n/);
  });
});

describe('datasets in miniapps dev', () => {
  let child: ChildProcess;
  let url: string;
  let output = '';

  beforeAll(async () => {
    const dir = screensFolder({
      'miniapp.json': { screens: 'screens' },
      'screens/index.json': listScreen,
      'data/rooms.json': rooms,
      'screens/hello.json': greeting,
      'strings/en.json': { title: 'Hi', hello: 'Hello' },
      'strings/ru.json': { title: 'Привет', hello: 'Здравствуйте' },
    });
    child = spawn(process.execPath, [BIN, 'dev', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const append = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const match = /Preview on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        url = match[1]!;
        break;
      }
      if (Date.now() > deadline) throw new Error(`no preview:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 30_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGINT');
  });

  it('serves each dataset at /api/data/<name>, 404 dataset_not_found for another', async () => {
    expect(await (await fetch(`${url}/api/data/rooms`)).json()).toEqual(rooms);
    const missing = await fetch(`${url}/api/data/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'dataset_not_found' });
  });

  it('the preview draws ${t.key} in the browser’s language, else the first locale', async () => {
    const browser = await launchBrowser();
    try {
      for (const [locale, text] of [
        ['ru-RU', 'Здравствуйте'],
        ['en-US', 'Hello'],
        ['de-DE', 'Hello'],
      ] as const) {
        const context = await browser.newContext({ locale });
        const page = await context.newPage();
        await page.goto(`${url}/?page=/hello`);
        await page.getByText(text, { exact: true }).waitFor({ timeout: 10_000 });
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });

  it('the preview fills a list from the dataset with networkRequest and resultTo', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await page.getByText('Room Hall').waitFor({ timeout: 10_000 });
      await page.getByText('Room A1').waitFor();
    } finally {
      await browser.close();
    }
  });
});
