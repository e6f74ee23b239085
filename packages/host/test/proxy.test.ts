// Screens and API calls through the platform's proxy: live and preview versions, and errors a user can read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

describe('host.proxy', () => {
  let p: HostPlatform;
  let dev: SignedIn;
  const live = { type: 'screen', title: 'Live', children: [] };
  const head = { type: 'screen', title: 'Head', children: [] };
  beforeAll(async () => {
    p = await startHostPlatform();
    dev = await p.t.login('dev@uni.example');
    await hostedApp(p.t, dev, {
      org: 'acme',
      slug: 'timetable',
      live: [{ path: '/', json: live }],
      head: [{ path: '/', json: head }],
      status: 'pending_review',
    });
  });
  afterAll(async () => p?.close());

  it('loads the live screen; the preview of a member of the organization loads the head', async () => {
    expect(await p.host.proxy.screen('acme/timetable', '/')).toEqual(live);
    const devHost = p.hostFor(dev);
    expect(await devHost.proxy.source('acme/timetable', { preview: true }).loadScreen('/')).toEqual(head);
  });

  it('tells the platform how the app was opened: start parameter, launch source and language', async () => {
    const sent: Headers[] = [];
    const recording: typeof fetch = (input, init) => {
      // The app session exchange is the host's own call; only the proxy's carry the launch.
      if (String(input).includes('/miniapp-proxy/')) sent.push(new Headers(init?.headers));
      return fetch(input, init);
    };
    const source = p
      .hostFor(p.user, { fetch: recording })
      .proxy.source('acme/timetable', { startParam: 'week-12', launchSource: 'link', locale: 'ru-RU' });
    expect(await source.loadScreen('/')).toEqual(live);
    await source.request({ method: 'GET', url: '/x' }).catch(() => undefined);
    for (const headers of sent) {
      expect(headers.get('x-miniapps-start-param')).toBe('week-12');
      expect(headers.get('x-miniapps-launch-source')).toBe('link');
      expect(headers.get('accept-language')).toBe('ru-RU');
    }
    expect(sent).toHaveLength(2);
    await p.host.proxy.screen('acme/timetable', '/');
    expect(sent).toHaveLength(2);
  });

  it('a missing screen names the page and carries the code', async () => {
    const error = await p.host.proxy.screen('acme/timetable', '/nope').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
    expect((error as Error).message).toMatch(/^The page \/nope could not be loaded: /);
  });

  it("calls a service app's API and gets its JSON; a hosted app has no backend", async () => {
    const profile = await p.host.proxy.api('platform/profile-card', { method: 'GET', url: '/profile' });
    expect(profile).toMatchObject({ profile: { email: 'student@uni.example', group: 'MT-21' } });
    const error = await p.host.proxy
      .api('acme/timetable', { method: 'POST', url: '/orders', body: { a: 1 } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'no_backend', status: 404 });
    expect((error as Error).message).toMatch(
      /^POST \/orders failed: A hosted app has no API backend.* \(no_backend\)$/,
    );
  });

  it('an app that does not exist is app_not_found; a path without "/" is refused before sending', async () => {
    await expect(p.host.proxy.screen('acme/ghost', '/')).rejects.toMatchObject({ code: 'app_not_found' });
    await expect(p.host.proxy.screen('acme/timetable', 'relative')).rejects.toMatchObject({
      code: 'bad_argument',
    });
  });
});
