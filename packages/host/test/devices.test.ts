// Push devices through the host: register (again refreshes), list, remove idempotently, refuse a bad token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

describe('host.devices', () => {
  let p: HostPlatform;
  beforeAll(async () => {
    p = await startHostPlatform();
  });
  afterAll(async () => p?.close());

  const token = 'fcm-token-0123456789abcdef';

  it('registers a token once, refreshes it on a second registration and lists it', async () => {
    const first = await p.host.devices.register({ platform: 'android', token, clientApp: 'uni.app' });
    expect(first).toMatchObject({ platform: 'android', token, clientApp: 'uni.app' });
    const again = await p.host.devices.register({ platform: 'android', token });
    expect(again.id).toBe(first.id);
    expect((await p.host.devices.list()).map((d) => d.id)).toEqual([first.id]);
  });

  it('removes by platform and token, and a second removal is 0, not an error', async () => {
    expect(await p.host.devices.remove({ platform: 'android', token })).toBe(1);
    expect(await p.host.devices.remove({ platform: 'android', token })).toBe(0);
    expect(await p.host.devices.list()).toEqual([]);
  });

  it('an APNs token that is not hex is refused with the platform code', async () => {
    await expect(p.host.devices.register({ platform: 'ios', token: 'not hex at all' })).rejects.toMatchObject(
      {
        status: expect.any(Number),
        code: expect.stringMatching(/^(bad_request|validation_failed)$/),
      },
    );
  });
});
