// The provider clients this configuration can use, one per device platform.
import type { PushConfig } from '../../config/push.js';
import type { DevicePlatform } from '../../devices/rules.js';
import { createApnsProvider } from './apns.js';
import { createFcmProvider } from './fcm.js';
import { createHmsProvider } from './hms.js';
import { createRustoreProvider } from './rustore.js';
import type { Providers } from './types.js';

export function createProviders(config: PushConfig, clock?: () => number): Providers {
  const options = { ca: config.ca, ...(clock && { clock }) };
  const providers: Providers = {};
  if (config.fcm) providers.android = createFcmProvider(config.fcm, options);
  if (config.apns) providers.ios = createApnsProvider(config.apns, options);
  if (config.hms) providers.huawei = createHmsProvider(config.hms, options);
  if (config.rustore) providers.rustore = createRustoreProvider(config.rustore, options);
  return providers;
}

export function platformsOf(providers: Providers): DevicePlatform[] {
  return (Object.keys(providers) as DevicePlatform[]).sort();
}

export async function closeProviders(providers: Providers): Promise<void> {
  await Promise.all(Object.values(providers).map((p) => p.close()));
}
