// Consent through the host: what to ask at first launch, after an update and after a consent withdrawn elsewhere;
// grant, revoke, undeclared scopes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { remoteApp } from '../../server/test/helpers/proxy-apps.js';
import { memoryStore } from '../src/index.js';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

describe('host.consent', () => {
  let p: HostPlatform;
  let dev: SignedIn;
  beforeAll(async () => {
    p = await startHostPlatform();
    dev = await p.t.login('dev@uni.example');
    await remoteApp(p.t, dev, {
      org: 'acme',
      slug: 'canteen',
      origin: 'https://origin.test',
      scopes: ['email', 'group'],
    });
  });
  afterAll(async () => p?.close());

  it('asks about every declared scope at first launch, then about nothing once the user chose', async () => {
    const first = await p.host.consent.plan('acme/canteen');
    expect(first).toEqual({
      consent: { scopes: [], declared: ['email', 'group'], updatedAt: null },
      ask: ['email', 'group'],
      update: false,
      revoked: [],
    });
    const chosen = await p.host.consent.set('acme/canteen', ['email']);
    expect(chosen.scopes).toEqual(['email']);
    expect(chosen.updatedAt).not.toBeNull();
    expect((await p.host.consent.plan('acme/canteen')).ask).toEqual([]);
  });

  it('grants and revokes scopes one by one, and revokes everything without a list', async () => {
    expect((await p.host.consent.grant('acme/canteen', ['group'])).scopes).toEqual(['email', 'group']);
    expect((await p.host.consent.revoke('acme/canteen', ['email'])).scopes).toEqual(['group']);
    expect((await p.host.consent.revoke('acme/canteen')).scopes).toEqual([]);
    expect((await p.host.consent.get('acme/canteen')).scopes).toEqual([]);
  });

  it('a scope the app does not declare is refused with the platform code', async () => {
    await expect(p.host.consent.grant('acme/canteen', ['identity'])).rejects.toMatchObject({
      code: 'validation_failed',
      status: 422,
    });
  });

  it('after an approved update declares a new scope, asks about that one only', async () => {
    const storage = memoryStore();
    const host = p.hostFor(p.user, { storage });
    // This host has never shown a prompt: the choice made elsewhere counts as shown.
    expect((await host.consent.plan('acme/canteen')).ask).toEqual([]);
    await p.t.platform.db
      .updateTable('apps')
      .set({
        liveScopes: JSON.stringify(['email', 'profile', 'group']),
        scopes: JSON.stringify(['email', 'profile', 'group']),
      })
      .where('slug', '=', 'canteen')
      .execute();
    const plan = await host.consent.plan('acme/canteen');
    expect(plan.ask).toEqual(['profile']);
    expect(plan.update).toBe(true);
    await host.consent.set('acme/canteen', ['profile']);
    expect((await host.consent.plan('acme/canteen')).ask).toEqual([]);
  });

  it('a consent withdrawn elsewhere is asked again once: revoked until the user answers on this host', async () => {
    const bob = await p.t.login('bob@uni.example');
    const storage = memoryStore();
    const host = p.hostFor(bob, { storage });
    // Elsewhere: the platform's settings (another host, its own memory).
    const elsewhere = p.hostFor(bob);
    await host.consent.set('acme/canteen', ['email', 'group']);
    await elsewhere.consent.set('acme/canteen', ['group']);
    const plan = await host.consent.plan('acme/canteen');
    expect(plan).toMatchObject({ ask: ['email'], update: false, revoked: ['email'] });
    // Leaving the prompt records nothing: still asked.
    expect((await host.consent.plan('acme/canteen')).revoked).toEqual(['email']);
    // Any answer here is the new choice, "nothing more" included.
    await host.consent.set('acme/canteen', ['group']);
    expect(await host.consent.plan('acme/canteen')).toMatchObject({ ask: [], revoked: [] });
  });

  it('learns grants made elsewhere, so withdrawing them later is noticed; an older memory knows no grants', async () => {
    const eve = await p.t.login('eve@uni.example');
    const storage = memoryStore();
    const host = p.hostFor(eve, { storage });
    const elsewhere = p.hostFor(eve);
    await host.consent.set('acme/canteen', []);
    await elsewhere.consent.set('acme/canteen', ['email']);
    expect((await host.consent.plan('acme/canteen')).revoked).toEqual([]);
    await elsewhere.consent.set('acme/canteen', []);
    expect((await host.consent.plan('acme/canteen')).revoked).toEqual(['email']);
    // What an older version wrote (the shown scopes alone): nothing known to be withdrawn, nothing unseen.
    await storage.setItem('miniapps.asked.acme/canteen', JSON.stringify(['email', 'profile', 'group']));
    expect(await host.consent.plan('acme/canteen')).toMatchObject({ ask: [], revoked: [] });
    // Unreadable memory counts as none: the choice made elsewhere counts as asked.
    await storage.setItem('miniapps.asked.acme/canteen', '{"shown": 5}');
    expect(await host.consent.plan('acme/canteen')).toMatchObject({ ask: [], revoked: [] });
  });

  it('an app the user cannot see is not_found', async () => {
    await expect(p.host.consent.get('acme/nothing')).rejects.toMatchObject({ code: 'not_found' });
  });
});
