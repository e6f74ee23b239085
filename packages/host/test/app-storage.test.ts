// The app's per-user storage through the proxy as a host calls it: round trip, the key rule at its edge (checked
// before anything is sent) and the platform's refusals with their codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

describe('host.storage', () => {
  let p: HostPlatform;
  beforeAll(async () => {
    p = await startHostPlatform();
    const dev = await p.t.login('dev@uni.example');
    const home = [{ path: '/', json: { type: 'screen', children: [] } }];
    await hostedApp(p.t, dev, { org: 'acme', slug: 'menu', live: home });
  });
  afterAll(async () => p?.close());

  it('stores a value, lists every key and removes one', async () => {
    const storage = p.host.storage;
    expect(await storage.all('acme/menu')).toEqual({});
    await storage.set('acme/menu', 'fav.dish_1-a', { id: 3 });
    await storage.set({ org: 'acme', slug: 'menu' }, 'n', 42);
    expect(await storage.all('acme/menu')).toEqual({ 'fav.dish_1-a': { id: 3 }, n: 42 });
    await storage.remove('acme/menu', 'n');
    expect(await storage.all('acme/menu')).toEqual({ 'fav.dish_1-a': { id: 3 } });
  });

  it('takes a 64-character key; a 65-character or empty one is refused before anything is sent', async () => {
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input).includes('/miniapp-proxy/')) sent++;
      return fetch(input, init);
    };
    const storage = p.hostFor(p.user, { fetch: counting }).storage;
    await storage.set('acme/menu', 'k'.repeat(64), true);
    expect(sent).toBe(1);
    for (const key of ['k'.repeat(65), '', 'a/b']) {
      await expect(storage.set('acme/menu', key, true)).rejects.toMatchObject({ code: 'bad_argument' });
      await expect(storage.remove('acme/menu', key)).rejects.toMatchObject({ code: 'bad_argument' });
    }
    expect(sent).toBe(1);
  });

  it("a refusal keeps the platform's code and status and says it was the app's storage", async () => {
    const storage = p.host.storage;
    const error = await storage.set('acme/menu', 'big', 'x'.repeat(5000)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'value_too_large', status: 413, sentCode: 'value_too_large' });
    expect((error as Error).message).toMatch(/^The app's storage: /);
    await expect(storage.all('acme/ghost')).rejects.toMatchObject({ code: 'app_not_found' });
  });
});
