// What a browser can do for an app by itself, each function present only where the browser has the feature (the
// `<miniapp-view>` element and every other renderer declare their browser's capabilities through this).
import {
  type CodeFormat,
  DEFAULT_MAP_LINK,
  type GeoPosition,
  type HostCapabilities,
  type MapPlace,
  type ScannedCode,
} from '@miniapps/host';
import { downloadBlob, vibrate } from './browser-effects.js';
import { holdScreenAwake } from './screen-awake.js';

/** The link of a place: `{latitude}`, `{longitude}` and `{label}` of the template filled, each URL-encoded. */
export function mapLink(template: string, place: MapPlace): string {
  const values: Record<string, string> = {
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    label: place.label ?? '',
  };
  return template.replace(/\{(latitude|longitude|label)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

/** One fresh position: never a cached one (maximumAge 0), so each getLocation asks the device anew. */
function currentPosition(timeoutMs: number): Promise<GeoPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      reject,
      { maximumAge: 0, timeout: timeoutMs, enableHighAccuracy: true },
    ),
  );
}

export interface BrowserDeviceOptions {
  /** The map link template (`{latitude}`, `{longitude}`, `{label}`); default OpenStreetMap. */
  mapLink?: string | undefined;
  /** How long the browser's own geolocation may look for a fix before it gives up. */
  locationTimeoutMs: number;
  /** Opens an https page: the runtime's openUrl (a host's, else a new tab), so the map link goes where links go. */
  openUrl(url: string): void;
  /**
   * The camera over the app (the runtime's scanner overlay: getUserMedia, then BarcodeDetector or zxing-wasm):
   * a code, or null when the user cancelled. Offered only where the browser has getUserMedia.
   */
  scanWithCamera(formats: readonly CodeFormat[]): Promise<ScannedCode | null>;
}

/** The browser's suppliers, detected once where the renderer starts. */
export function browserDevice(options: BrowserDeviceOptions): Partial<HostCapabilities> {
  const device: Partial<HostCapabilities> = {
    // A download needs nothing but a link with `download`: every browser has it.
    document: async (file) => downloadBlob(file.data, file.filename),
    map: async (place) => options.openUrl(mapLink(options.mapLink ?? DEFAULT_MAP_LINK, place)),
  };
  if (typeof navigator === 'undefined') return device;
  if (typeof navigator.vibrate === 'function') device.haptics = vibrate;
  // Browsers give positions only to secure pages (https, localhost); elsewhere the API may exist and always fail.
  if (navigator.geolocation && globalThis.isSecureContext) {
    device.location = () => currentPosition(options.locationTimeoutMs);
  }
  // An insecure page (http other than localhost) has no mediaDevices: no camera, so no scanning to offer.
  if (typeof navigator.mediaDevices?.getUserMedia === 'function') device.scanCode = options.scanWithCamera;
  // Browsers expose the Screen Wake Lock to secure pages only: where it is absent, keepAwake is too.
  if ((navigator as { wakeLock?: unknown }).wakeLock) {
    // One lock per page (the runtime counts the codes shown), asked again whenever the page comes back into view.
    let letGo: (() => void) | undefined;
    device.keepAwake = (on) => {
      if (on) letGo ??= holdScreenAwake();
      else {
        letGo?.();
        letGo = undefined;
      }
    };
  }
  return device;
}
