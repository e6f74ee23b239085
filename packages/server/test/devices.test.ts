// The user's push devices through the management API: register, refresh, move, cap, list, remove.
import { MAX_DEVICES_PER_USER } from '@miniapps/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './helpers/databases.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from './helpers/platform.js';
import { closePlatform } from './helpers/push-fakes/audience.js';

describe.each(dialects)('devices API on %s', (dialect) => {
  let t: TestPlatform;
  let ann: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    t = await startTestPlatform(dialect);
    ann = await t.login('ann@uni.example');
    ben = await t.login('ben@uni.example');
  });
  afterAll(() => closePlatform(t));

  const register = (who: SignedIn, payload: object) =>
    t.request({ method: 'POST', url: '/api/v1/me/devices', headers: who.auth, payload });
  const list = async (who: SignedIn) =>
    (await t.request({ method: 'GET', url: '/api/v1/me/devices', headers: who.auth })).json()
      .devices as Array<{
      id: string;
      platform: string;
      token: string;
      clientApp: string | null;
    }>;
  const remove = (who: SignedIn, payload: object) =>
    t.request({ method: 'DELETE', url: '/api/v1/me/devices', headers: who.auth, payload });

  const fcm = 'fcm-token-0123456789:APA91b-abc';
  const apns = 'A1B2'.repeat(16);

  it('registers one device per platform and token (201), and refreshing it keeps its id (200)', async () => {
    const first = await register(ann, { platform: 'android', token: fcm, clientApp: 'edu.example.host' });
    expect(first.statusCode).toBe(201);
    expect(first.json().device).toMatchObject({
      platform: 'android',
      token: fcm,
      clientApp: 'edu.example.host',
    });
    const again = await register(ann, {
      platform: 'android',
      token: fcm,
      clientApp: 'edu.example.host.beta',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().device.id).toBe(first.json().device.id);
    const ios = await register(ann, { platform: 'ios', token: apns });
    expect(ios.statusCode).toBe(201);
    // APNs tokens are hex; the platform keeps them lowercase so the same device never registers twice.
    expect(ios.json().device.token).toBe(apns.toLowerCase());
    expect((await register(ann, { platform: 'ios', token: apns.toLowerCase() })).statusCode).toBe(200);
    expect((await list(ann)).map((d) => [d.platform, d.clientApp])).toEqual([
      ['android', 'edu.example.host.beta'],
      ['ios', null],
    ]);
  });

  it('a token registered by another user moves to them under a new id', async () => {
    const annsDevice = (await list(ann)).find((d) => d.platform === 'android')!;
    const moved = await register(ben, { platform: 'android', token: fcm });
    expect(moved.statusCode).toBe(201);
    expect(moved.json().device.id).not.toBe(annsDevice.id);
    expect((await list(ann)).map((d) => d.platform)).toEqual(['ios']);
    expect((await list(ben)).map((d) => d.token)).toEqual([fcm]);
  });

  it('refuses malformed tokens with validation_failed and unknown platforms with bad_request', async () => {
    for (const payload of [
      { platform: 'ios', token: 'not-hex-at-all' },
      { platform: 'ios', token: 'ab'.repeat(31) },
      { platform: 'android', token: 'short' },
      { platform: 'huawei', token: 'has spaces in the token value' },
    ]) {
      const res = await register(ann, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'validation_failed', details: { field: 'token' } });
    }
    for (const payload of [{ platform: 'windows', token: fcm }, { platform: 'android' }, { token: fcm }]) {
      const res = await register(ann, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('bad_request');
    }
  });

  it(`keeps at most ${MAX_DEVICES_PER_USER} devices per user, dropping the least recently refreshed`, async () => {
    const cat = await t.login('cat@uni.example');
    for (let i = 0; i <= MAX_DEVICES_PER_USER; i++) {
      const res = await register(cat, {
        platform: 'rustore',
        token: `rustore-token-${String(i).padStart(4, '0')}`,
      });
      expect(res.statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct refresh times
    }
    const tokens = (await list(cat)).map((d) => d.token);
    expect(tokens).toHaveLength(MAX_DEVICES_PER_USER);
    expect(tokens).not.toContain('rustore-token-0000');
    expect(tokens).toContain(`rustore-token-${String(MAX_DEVICES_PER_USER).padStart(4, '0')}`);
  });

  it("removes by platform and token or by id; removing twice, or another user's device, removes nothing", async () => {
    const hms = 'hms-token-ABCDEFGHIJKLMNOP';
    const id = (await register(ann, { platform: 'huawei', token: hms })).json().device.id as string;
    expect((await remove(ben, { id })).json()).toEqual({ ok: true, removed: 0 });
    expect((await remove(ann, { platform: 'huawei', token: hms })).json()).toEqual({ ok: true, removed: 1 });
    expect((await remove(ann, { platform: 'huawei', token: hms })).json()).toEqual({ ok: true, removed: 0 });
    const iosId = (await list(ann)).find((d) => d.platform === 'ios')!.id;
    const byPath = await t.request({
      method: 'DELETE',
      url: `/api/v1/me/devices/${iosId}`,
      headers: ann.auth,
    });
    expect(byPath.json()).toEqual({ ok: true, removed: 1 });
    expect(await list(ann)).toEqual([]);
    const bad = await remove(ann, { platform: 'android' });
    expect(bad.statusCode).toBe(400);
  });

  it('every devices route needs a signed-in user', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.request({ method, url: '/api/v1/me/devices', payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('unauthorized');
    }
  });
});
