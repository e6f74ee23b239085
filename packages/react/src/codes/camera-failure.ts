// Why the browser's camera could not scan, as the device's failure codes (each worded for a scan in device.ts).
import { DeviceFailure } from '../renderer/device.js';

/** What getUserMedia's rejection means to the user: refused, no camera at all, or something else. */
export function cameraFailure(error: unknown): DeviceFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return new DeviceFailure('denied', 'scanCode');
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return new DeviceFailure('unsupported', 'scanCode');
  }
  return new DeviceFailure('failed', 'scanCode', detail);
}
