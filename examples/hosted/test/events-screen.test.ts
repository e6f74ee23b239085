// The example's events screen in Chromium through the web client, on a real platform: `miniapps deploy` sends
// data/events.json beside the screens, the screen's networkRequest reads it from the proxy (`GET /data/events` of the
// hosted app's API) and fills the list with resultTo, a select bound to state filters it, a favourite is kept in
// the user's storage and read back on the next launch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingStrings, stringUses, validateScreen } from '@miniapps/schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshConfigPath, runCli } from '../../../packages/cli/test/helpers/cli-process.js';
import { approve, registerApp, signUp } from '../../../packages/cli/test/helpers/developer.js';
import { dialects } from '../../../packages/server/test/helpers/databases.js';
import type { SignedIn } from '../../../packages/server/test/helpers/platform.js';
import {
  launchBrowser,
  newContext,
  pageAs,
  startWebPlatform,
  type WebPlatform,
} from '../../../packages/web/test/helpers/browser.js';

const example = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(join(example, file), 'utf8'));
const manifest = read('miniapp.json');
const screen = read('screens/events.json');
const events = read('data/events.json');
const english = read('strings/en.json');
const russian = read('strings/ru.json');

describe('examples/hosted: the events screen', () => {
  it('is valid, bindings included, and asks the hosted dataset path', () => {
    expect(validateScreen(screen)).toMatchObject({ problems: [], bindingErrors: [], unknownWidgets: [] });
    expect(missingStrings(stringUses(screen), { en: english, ru: russian })).toEqual([]);
    expect(Object.keys(russian).sort()).toEqual(Object.keys(english).sort());
    expect(screen.onLoad).toMatchObject({ actionType: 'networkRequest', url: '/data/events' });
  });
});

describe.each(dialects)('examples/hosted: the events screen in the web client on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let student: SignedIn;
  let page: Page;
  const { organizationId: org, slug } = manifest;

  beforeAll(async () => {
    t = await startWebPlatform(dialect);
    browser = await launchBrowser();
    const dev = await signUp(t, 'guide-dev@uni.example', org);
    await registerApp(t, dev, org, { slug, name: 'Campus guide' });
    const env = { MINIAPPS_URL: t.baseUrl, MINIAPPS_CONFIG: freshConfigPath() };
    for (const args of [
      ['login', '--email', 'guide-dev@uni.example'],
      ['tokens', 'create', 'laptop', '--save'],
    ]) {
      const res = await runCli(args, { env });
      expect(res.code, res.stderr).toBe(0);
    }
    const deploy = await runCli(['deploy', 'examples/hosted', '--submit'], { env });
    expect(deploy.code, deploy.stderr).toBe(0);
    expect(deploy.stdout).toContain('(6 screens, 1 dataset,');
    expect(deploy.stdout).not.toContain('missing');
    await approve(t, org, slug);
    student = await t.login('student@uni.example');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the proxy answers the dataset as deployed', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/functions/v1/miniapp-proxy/${org}/${slug}/api/data/events`,
      headers: student.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(events);
  });

  it('a networkRequest with resultTo fills the list from the hosted dataset; the bound select filters it', async () => {
    page = await pageAs(browser, t.baseUrl, student, `/apps/${org}/${slug}?page=/events`);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/data/')) requests.push(new URL(request.url()).pathname);
    });
    await page.getByText('Welcome talk by the dean').waitFor();
    await page.getByText('Film night: Hidden Figures').waitFor();
    expect(await page.getByText('Your favourite').count()).toBe(0);
    await page.getByLabel('Show').selectOption('sport');
    await page.getByText('Climbing wall taster').waitFor();
    await page.getByText('Welcome talk by the dean').waitFor({ state: 'detached' });
    // The list came from the platform, not from the page: a reload asks the proxy again.
    const before = requests.length;
    await page.reload();
    await page.getByText('Welcome talk by the dean').waitFor();
    expect(requests.length).toBe(before + 1);
    expect(new Set(requests)).toEqual(
      new Set([`/functions/v1/miniapp-proxy/${org}/${slug}/api/data/events`]),
    );
  });

  it('keeps a favourite in storage, shown again on the next launch, until forgotten', async () => {
    await page.getByLabel('Show').selectOption('sport');
    await page.getByText('Football: first-years vs. staff').click();
    await page.getByRole('button', { name: 'Keep' }).click();
    await page.getByText('Football: first-years vs. staff, Tue 17:00 · North field').waitFor();
    await page.reload();
    await page.getByText('★ Your favourite').waitFor();
    await page.getByText('Football: first-years vs. staff, Tue 17:00 · North field').waitFor();
    await page.getByRole('button', { name: 'Forget it' }).click();
    await page.getByText('★ Your favourite').waitFor({ state: 'detached' });
  });

  it('with the browser in Russian the app shows its Russian strings, in English its English ones', async () => {
    for (const [locale, texts] of [
      ['ru-RU', russian],
      ['en-US', english],
    ] as const) {
      const context = await newContext(browser, { who: student, locale });
      const localized = await context.newPage();
      await localized.goto(`${t.baseUrl}/apps/${org}/${slug}?page=/events`);
      await localized.getByText('Welcome talk by the dean').waitFor();
      await localized.getByRole('heading', { name: texts.eventsTitle }).waitFor();
      await localized.getByLabel(texts.show).selectOption('sport');
      await localized.getByText('Climbing wall taster').waitFor();
      expect(await localized.getByRole('option', { name: texts.allEvents }).count()).toBe(1);
      await localized.getByText('Football: first-years vs. staff').click();
      await localized.getByText(texts.keepQuestion).waitFor();
      await localized.getByRole('button', { name: texts.notNow }).click();
      await context.close();
    }
  });
});
