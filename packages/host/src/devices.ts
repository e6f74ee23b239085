// The user's push devices: register this device's token (again refreshes it) and remove it at sign-out.
import type { Http } from './http.js';
import { devicesPath } from './paths.js';
import type { Device, DevicePlatform } from './types.js';

export interface DeviceRegistration {
  platform: DevicePlatform;
  /** The push token the platform's provider gave this device (FCM, APNs, HMS or RuStore). */
  token: string;
  /** The host app's own name or bundle id, for the user's device list. */
  clientApp?: string;
}

export function createDevices(http: Http) {
  return {
    async register(device: DeviceRegistration): Promise<Device> {
      return (await http.post<{ device: Device }>(devicesPath, device)).device;
    },
    async list(): Promise<Device[]> {
      return (await http.get<{ devices: Device[] }>(devicesPath)).devices;
    },
    /** Idempotent: resolves with how many devices were removed (0 or 1), so a sign-out can always call it. */
    async remove(device: { id: string } | { platform: DevicePlatform; token: string }): Promise<number> {
      return (await http.delete<{ removed: number }>(devicesPath, device)).removed;
    },
  };
}
