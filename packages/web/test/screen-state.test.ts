// Screens that hold state, in Chromium through the web client: text bound to state, a list drawn from state with
// ${item…} and ${index}, visibleIf after setState, two-way bind, and a networkRequest whose resultTo fills a list.
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../server/test/helpers/databases.js';
import { testCertificates } from '../../server/test/helpers/https-origin.js';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { originEnv } from '../../server/test/helpers/proxy-apps.js';
import { launchBrowser, pageAs, startWebPlatform, type WebPlatform } from './helpers/browser.js';

const plannerScreen = {
  type: 'screen',
  title: 'Planner of ${state.owner}',
  state: {
    owner: 'Ada',
    showTip: true,
    events: [
      { title: 'Open day', room: 'A1' },
      { title: 'Concert', room: 'Hall' },
    ],
  },
  children: [
    { type: 'text', text: 'Hello, ${state.owner}! ${state.events.length} events planned.' },
    { type: 'text', text: 'Tip: tap an event to pick it', visibleIf: '${state.showTip}' },
    {
      type: 'list',
      itemsFrom: '${state.events}',
      itemTemplate: {
        type: 'listItem',
        title: '${index}. ${item.title}',
        subtitle: 'Room ${item.room}',
        onTap: { actionType: 'setState', values: { 'state.picked': '${item.title}' } },
      },
    },
    { type: 'text', text: 'Picked: ${state.picked}', visibleIf: '${state.picked}' },
    { type: 'textField', name: 'owner', label: 'Owner', bind: 'state.owner' },
    {
      type: 'button',
      label: 'Hide tip',
      onTap: { actionType: 'setState', values: { 'state.showTip': false } },
    },
  ],
};

/** A remote origin whose start screen loads its events with a networkRequest and keeps them with resultTo. */
async function startEventsOrigin() {
  const tls = testCertificates();
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    if (path === '/api/events') {
      res.end(JSON.stringify([{ title: 'Robotics fair' }, { title: 'Chess night' }]));
      return;
    }
    res.end(
      JSON.stringify({
        type: 'screen',
        state: { events: [] },
        onLoad: { actionType: 'networkRequest', url: '/api/events', resultTo: 'state.events' },
        children: [
          {
            type: 'list',
            itemsFrom: '${state.events}',
            emptyText: 'Loading events',
            itemTemplate: { type: 'listItem', title: '#${index} ${item.title}' },
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(dialects)('screens with state in the browser on %s', (dialect) => {
  let t: WebPlatform;
  let browser: Browser;
  let origin: Awaited<ReturnType<typeof startEventsOrigin>>;
  let user: SignedIn;
  let page: Page;

  beforeAll(async () => {
    origin = await startEventsOrigin();
    t = await startWebPlatform(dialect, originEnv(testCertificates().caFile));
    browser = await launchBrowser();
    const dev = await t.login('dev@uni.example');
    const moderator = await t.login('mod@uni.example', { moderator: true });
    user = await t.login('ada@uni.example');
    const call = async (method: 'POST', url: string, payload: object, headers = dev.auth) => {
      const res = await t.request({ method, url, headers, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await call('POST', '/api/v1/orgs', { id: 'acme', name: 'Acme' });
    await call('POST', '/api/v1/orgs/acme/apps', { slug: 'planner', name: 'Planner', sourceKind: 'hosted' });
    await call('POST', '/api/v1/orgs/acme/apps', {
      slug: 'events',
      name: 'Events',
      sourceKind: 'remote',
      origin: `https://origin.test:${origin.port}`,
    });
    const { token } = await call('POST', '/api/v1/tokens', { name: 'ci' });
    const deployed = await call(
      'POST',
      '/functions/v1/miniapp-deploy',
      {
        organizationId: 'acme',
        slug: 'planner',
        submit: true,
        screens: [{ path: '/', json: plannerScreen }],
      },
      { authorization: `Bearer ${token}` },
    );
    expect(deployed.validation.bindingErrors).toEqual([]);
    for (const slug of ['planner', 'events'])
      await call('POST', `/api/v1/moderation/apps/acme/${slug}/approve`, {}, moderator.auth);
    page = await pageAs(browser, t.baseUrl, user, '/apps/acme/planner');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await origin?.close();
  });

  it('draws text bound to state and a list drawn from state with ${item…} and ${index}', async () => {
    await page.getByText('Hello, Ada! 2 events planned.').waitFor();
    await page.getByRole('heading', { name: 'Planner of Ada' }).waitFor();
    await page.getByText('0. Open day').waitFor();
    await page.getByText('1. Concert').waitFor();
    await page.getByText('Room Hall').waitFor();
    expect(await page.getByText('Picked:').count()).toBe(0);
  });

  it('hides a widget by visibleIf after a setState, and a tap in the list sets state from its item', async () => {
    await page.getByRole('button', { name: 'Hide tip' }).click();
    await page.getByText('Tip: tap an event').waitFor({ state: 'detached' });
    await page.getByText('1. Concert').click();
    await page.getByText('Picked: Concert').waitFor();
  });

  it('a bound text field writes state as the user types, and what reads it redraws', async () => {
    await page.getByLabel('Owner').fill('Grace');
    await page.getByText('Hello, Grace! 2 events planned.').waitFor();
    await page.getByRole('heading', { name: 'Planner of Grace' }).waitFor();
  });

  it('a networkRequest with resultTo fills a list from the answer (a remote origin)', async () => {
    await page.goto(`${t.baseUrl}/apps/acme/events`);
    await page.getByText('#0 Robotics fair').waitFor();
    await page.getByText('#1 Chess night').waitFor();
    expect(await page.getByText('Loading events').count()).toBe(0);
  });
});
