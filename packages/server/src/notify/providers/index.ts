// The provider clients this configuration can use, one per device platform.
import type { PushConfig } from '../../config/push.js';
import type { Db } from '../../db/database.js';
import type { DevicePlatform } from '../../devices/rules.js';
import { createApnsProvider } from './apns.js';
import { createDevInboxProvider } from './dev-inbox.js';
import { createFcmProvider } from './fcm.js';
import { createHmsProvider } from './hms.js';
import { createRustoreProvider } from './rustore.js';
import type { Providers } from './types.js';

export interface ProviderOptions {
  clock?: () => number;
  /** The development inbox's database, given only while the dev login is on: `web-dev` devices are reached. */
  devInbox?: Db | undefined;
}

export function createProviders(config: PushConfig, { clock, devInbox }: ProviderOptions = {}): Providers {
  const options = { ca: config.ca, ...(clock && { clock }) };
  const providers: Providers = {};
  if (config.fcm) providers.android = createFcmProvider(config.fcm, options);
  if (config.apns) providers.ios = createApnsProvider(config.apns, options);
  if (config.hms) providers.huawei = createHmsProvider(config.hms, options);
  if (config.rustore) providers.rustore = createRustoreProvider(config.rustore, options);
  if (devInbox) providers['web-dev'] = createDevInboxProvider(devInbox);
  return providers;
}

export function platformsOf(providers: Providers): DevicePlatform[] {
  return (Object.keys(providers) as DevicePlatform[]).sort();
}

export async function closeProviders(providers: Providers): Promise<void> {
  await Promise.all(Object.values(providers).map((p) => p.close()));
}
