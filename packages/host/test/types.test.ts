// The host's own copies of the platform's lists and answer shapes (it runs in browsers and cannot import the
// server) stay the platform's: checked here at run time for the lists and by the type checker for the shapes.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { User as PlatformUser } from '../../server/src/auth/users-repository.js';
import type { CatalogEntry as PlatformCatalogEntry } from '../../server/src/catalog/repository.js';
import { scopeNames as platformScopes } from '../../server/src/db/schema.js';
import type { DeviceView } from '../../server/src/devices/repository.js';
import { devicePlatforms as platformDevicePlatforms } from '../../server/src/devices/rules.js';
import { type CatalogEntry, type Device, devicePlatforms, scopeNames, type User } from '../src/index.js';

describe("the host's copies of the platform's types", () => {
  it('names the same scopes and device platforms, in the same order', () => {
    expect(scopeNames).toEqual(platformScopes);
    expect(devicePlatforms).toEqual(platformDevicePlatforms);
  });

  it("reads the platform's user, catalog entry and device as they are sent", () => {
    expectTypeOf<PlatformUser>().toEqualTypeOf<User>();
    expectTypeOf<PlatformCatalogEntry>().toExtend<CatalogEntry>();
    expectTypeOf<DeviceView>().toEqualTypeOf<Device>();
  });
});
