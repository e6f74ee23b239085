// The example's events screen in Chromium on the React renderer: its dataset (data/events.json) answers the
// screen's networkRequest, a select bound to state filters the list, and the favourite is kept in storage.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateScreen } from '@miniapps/schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../../../packages/web/test/conformance/fixture.js';
import { bundlePage, type PageBundle, playFixture } from '../../../packages/web/test/conformance/harness.js';
import { launchBrowser } from '../../../packages/web/test/helpers/chromium.js';

const example = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(join(example, file), 'utf8'));
const screen = read('screens/events.json');
const events = read('data/events.json');

/** The screen opened on its own path, its dataset as the API's answer. */
function eventsFixture(name: string, steps: Fixture['steps'], storage?: Record<string, unknown>): Fixture {
  return {
    name,
    description: 'examples/hosted/screens/events.json with data/events.json',
    start: '/events',
    screens: { '/events': screen },
    api: [{ method: 'GET', path: '/api/data/events', body: events }],
    ...(storage && { storage }),
    steps,
    trace: [],
  };
}

describe('examples/hosted: the events screen', () => {
  let browser: Browser;
  let bundle: PageBundle;
  beforeAll(async () => {
    [bundle, browser] = await Promise.all([bundlePage(), launchBrowser()]);
  });
  afterAll(() => browser?.close());

  it('is valid, bindings included', () => {
    expect(validateScreen(screen)).toMatchObject({ problems: [], bindingErrors: [], unknownWidgets: [] });
  });

  it('loads the dataset, filters by the bound select, and keeps a favourite in storage', async () => {
    const fixture = eventsFixture('hosted-events', [
      { see: 'Welcome talk by the dean' },
      { see: 'Film night: Hidden Figures' },
      { notSee: 'Your favourite' },
      { choose: { name: 'category', value: 'sport' } },
      { see: 'Climbing wall taster' },
      { notSee: 'Welcome talk by the dean' },
      { tap: { text: 'Football: first-years vs. staff' } },
      { tap: { text: 'Keep' } },
      { see: 'Football: first-years vs. staff, Tue 17:00 · North field' },
      { choose: { name: 'category', value: 'culture' } },
      { see: 'Film night: Hidden Figures' },
      { tap: { text: 'Forget it' } },
      { notSee: 'Your favourite' },
    ]);
    const football = events.sport.find((e: { id: string }) => e.id === 'football');
    expect(await playFixture(browser, bundle, fixture)).toEqual([
      { type: 'screen', path: '/events' },
      { type: 'request', method: 'GET', path: '/api/data/events' },
      {
        type: 'alert',
        title: 'Football: first-years vs. staff',
        message: 'Tue 17:00, North field. Keep it as your favourite?',
      },
      { type: 'storageSet', key: 'favourite', value: football },
      { type: 'toast', message: 'Football: first-years vs. staff is your favourite' },
      { type: 'storageRemove', key: 'favourite' },
      { type: 'toast', message: 'Favourite forgotten' },
    ]);
  });

  it('shows a favourite kept from an earlier launch', async () => {
    const fixture: Fixture = {
      name: 'hosted-events-stored',
      description: 'the favourite read from storage on open',
      start: '/events',
      screens: { '/events': screen },
      api: [{ method: 'GET', path: '/api/data/events', body: events }],
      storage: { favourite: events.culture[0] },
      steps: [
        { see: '★ Your favourite' },
        { see: 'University choir: open rehearsal, Wed 18:30 · Music room 2' },
      ],
      trace: [],
    };
    await playFixture(browser, bundle, fixture);
  });
});
