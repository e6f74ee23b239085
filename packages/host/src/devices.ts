// The user's push devices: register this device's token (again refreshes it) and remove it at sign-out.
import type { Api } from './api.js';
import type { Device, DevicePlatform, DeviceRegistration } from './types.js';

export function createDevices(api: Api) {
  return {
    async register(device: DeviceRegistration): Promise<Device> {
      return (await api.request('POST /api/v1/me/devices', { body: device })).device;
    },
    async list(): Promise<Device[]> {
      return (await api.request('GET /api/v1/me/devices')).devices;
    },
    /** Idempotent: resolves with how many devices were removed (0 or 1), so a sign-out can always call it. */
    async remove(device: { id: string } | { platform: DevicePlatform; token: string }): Promise<number> {
      return (await api.request('DELETE /api/v1/me/devices', { body: device })).removed;
    },
  };
}
