// What the host kit keeps between opens, on a real platform: a kept screen given at once and revalidated (304 keeps
// it, a deploy replaces it), offline opens from it, no user reads another's, and sign-out or a consent change clears it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { type AnswerStore, memoryAnswerStore, type Revalidation } from '../src/index.js';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

/** A fetch that records the proxy's screen calls (their If-None-Match and status) and can be cut off. */
function recordingFetch() {
  const calls: Array<{ ifNoneMatch: string | null; status: number }> = [];
  const state = { offline: false };
  const fetchImpl: typeof fetch = async (input, init) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    const response = await fetch(input, init);
    if (String(input).includes('/screen/')) {
      calls.push({ ifNoneMatch: new Headers(init?.headers).get('if-none-match'), status: response.status });
    }
    return response;
  };
  return { calls, state, fetch: fetchImpl };
}

/** The revalidation's verdict, once it comes. */
function verdict() {
  let settle: (value: { newer?: unknown; reached?: boolean; refused?: unknown }) => void = () => {};
  const done = new Promise<{ newer?: unknown; reached?: boolean; refused?: unknown }>((resolve) => {
    settle = resolve;
  });
  const seen: { newer?: unknown } = {};
  const updates: Revalidation<unknown> = {
    newer: (value) => {
      seen.newer = value;
    },
    // `reached` comes after `newer` (when there is one): the end of the revalidation.
    reached: (reached) => settle({ ...seen, reached }),
    refused: (refused) => settle({ refused }),
  };
  return { updates, done };
}

describe('the host cache', () => {
  let p: HostPlatform;
  let dev: SignedIn;
  const v1 = { type: 'screen', title: 'Menu v1', children: [] };
  const v2 = { type: 'screen', title: 'Menu v2', children: [] };
  beforeAll(async () => {
    p = await startHostPlatform();
    dev = await p.t.login('dev@uni.example');
    await hostedApp(p.t, dev, {
      org: 'acme',
      slug: 'menu',
      live: [{ path: '/', json: v1 }],
      head: [{ path: '/', json: v2 }],
    });
  });
  afterAll(async () => p?.close());

  const hostWith = (who: SignedIn, store: AnswerStore, net = recordingFetch()) => ({
    net,
    host: p.hostFor(who, { cacheStore: store, fetch: net.fetch }),
  });

  it('gives the kept screen at once and revalidates it: a 304 keeps it, nothing newer is drawn', async () => {
    const store = memoryAnswerStore();
    const { net, host } = hostWith(p.user, store);
    const source = host.proxy.source('acme/menu', { locale: 'en' });
    expect(await source.loadScreen('/')).toEqual(v1);
    expect(net.calls).toEqual([{ ifNoneMatch: null, status: 200 }]);
    const { updates, done } = verdict();
    expect(await source.loadScreen('/', undefined, updates)).toEqual(v1);
    expect(await done).toEqual({ reached: true });
    expect(net.calls[1]).toMatchObject({ status: 304 });
    expect(net.calls[1]?.ifNoneMatch).toMatch(/^"/);
    expect((await store.list()).length).toBe(1);
  });

  it('offline, the kept screen still opens and the revalidation says the platform was not reached', async () => {
    const { net, host } = hostWith(p.user, memoryAnswerStore());
    const source = host.proxy.source('acme/menu', { locale: 'en' });
    await source.loadScreen('/');
    net.state.offline = true;
    const { updates, done } = verdict();
    expect(await source.loadScreen('/', undefined, updates)).toEqual(v1);
    expect(await done).toEqual({ reached: false });
    // A screen never kept cannot open offline: the user reads why.
    await expect(source.loadScreen('/other')).rejects.toMatchObject({ code: 'network_error' });
  });

  it('a deploy replaces the kept screen: the next open draws the new version and keeps it', async () => {
    const store = memoryAnswerStore();
    const { host } = hostWith(p.user, store);
    const source = host.proxy.source('acme/menu', { locale: 'en' });
    expect(await source.loadScreen('/')).toEqual(v1);
    await p.t.platform.db.updateTable('apps').set({ liveVersion: 2 }).where('slug', '=', 'menu').execute();
    try {
      const { updates, done } = verdict();
      expect(await source.loadScreen('/', undefined, updates)).toEqual(v1);
      expect(await done).toEqual({ newer: v2, reached: true });
      const again = verdict();
      expect(await source.loadScreen('/', undefined, again.updates)).toEqual(v2);
      expect(await again.done).toEqual({ reached: true });
    } finally {
      await p.t.platform.db.updateTable('apps').set({ liveVersion: 1 }).where('slug', '=', 'menu').execute();
    }
  });

  it("a second user on the same store never reads the first user's kept screens, even offline", async () => {
    const store = memoryAnswerStore();
    await hostWith(p.user, store).host.proxy.screen('acme/menu', '/');
    const other = await p.t.login('other@uni.example');
    const net = recordingFetch();
    net.state.offline = true;
    const { host } = hostWith(other, store, net);
    await expect(host.proxy.screen('acme/menu', '/')).rejects.toMatchObject({ code: 'network_error' });
    net.state.offline = false;
    expect(await host.proxy.screen('acme/menu', '/')).toEqual(v1);
    expect(net.calls).toEqual([{ ifNoneMatch: null, status: 200 }]);
  });

  it('a dataset is asked for first with its kept tag (a 304 answers from the copy) and answers offline from it', async () => {
    const appId = (
      await p.t.platform.db
        .selectFrom('apps')
        .select('id')
        .where('slug', '=', 'menu')
        .executeTakeFirstOrThrow()
    ).id;
    const json = JSON.stringify({ dishes: ['soup'] });
    await p.t.platform.db
      .insertInto('hostedFiles')
      .values({ appId, version: 1, kind: 'data', name: 'dishes', json, bytes: json.length, position: 0 })
      .execute();
    const sent: Array<string | null> = [];
    const net = recordingFetch();
    const watching: typeof fetch = (input, init) => {
      if (String(input).includes('/api/data/')) sent.push(new Headers(init?.headers).get('if-none-match'));
      return net.fetch(input, init);
    };
    const host = p.hostFor(p.user, { cacheStore: memoryAnswerStore(), fetch: watching });
    const call = { method: 'GET', url: '/data/dishes' } as const;
    expect(await host.proxy.api('acme/menu', call)).toEqual({ dishes: ['soup'] });
    expect(await host.proxy.api('acme/menu', call)).toEqual({ dishes: ['soup'] });
    expect(sent[0]).toBeNull();
    expect(sent[1]).toMatch(/^"/);
    net.state.offline = true;
    expect(await host.proxy.api('acme/menu', call)).toEqual({ dishes: ['soup'] });
    // A call that is not a GET is never answered from a copy.
    await expect(host.proxy.api('acme/menu', { method: 'POST', url: '/data/dishes' })).rejects.toMatchObject({
      code: 'network_error',
    });
  });

  it('signing out (clearCache) and a consent change forget what was kept', async () => {
    const store = memoryAnswerStore();
    const { host } = hostWith(p.user, store);
    await host.proxy.screen('acme/menu', '/');
    await host.catalog.get('acme/menu');
    expect((await store.list()).length).toBe(2);
    await host.consent.revoke('acme/menu');
    expect(await store.list()).toEqual([]);
    await host.proxy.screen('acme/menu', '/');
    await host.clearCache();
    expect(await store.list()).toEqual([]);
  });

  it('offline, the catalog entry and consent kept at the last open answer; a preview is never kept', async () => {
    const store = memoryAnswerStore();
    const { net, host } = hostWith(p.user, store);
    const entry = await host.catalog.get('acme/menu');
    const consent = await host.consent.get('acme/menu');
    net.state.offline = true;
    expect(await host.catalog.get('acme/menu')).toEqual(entry);
    expect(await host.consent.get('acme/menu')).toEqual(consent);
    const devStore = memoryAnswerStore();
    await hostWith(dev, devStore).host.proxy.source('acme/menu', { preview: true }).loadScreen('/');
    expect(await devStore.list()).toEqual([]);
  });
});
