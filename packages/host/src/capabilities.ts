// What a native host supplies to the apps it runs beyond the platform's calls: its calendar, scanner, viewer, map…

/** An event for the user's calendar, as `addToCalendar` gives it: times are absolute, ISO 8601 in UTC. */
export interface CalendarEvent {
  title: string;
  /** `2026-12-15T07:00:00.000Z`. */
  start: string;
  /** After start. */
  end: string;
  location?: string;
  description?: string;
  /** Minutes before the start to remind the user. */
  reminderMinutes?: number;
}

export type HapticStyle = 'light' | 'medium' | 'heavy' | 'success' | 'warning' | 'error';

/** Barcode formats a screen may ask a scanner for. */
export type CodeFormat = 'qr' | 'ean13' | 'code128';

/** What `scanCode` asks for. */
export interface ScanRequest {
  formats: CodeFormat[];
}

/** A code read by the scanner. */
export interface ScannedCode {
  value: string;
  format: CodeFormat;
}

/** A document of the app (`openDocument`), fetched through the platform's document route and checked there. */
export interface DocumentFile {
  /** The name the app gave it, e.g. `certificate.pdf`. */
  filename: string;
  /** Its media type as the platform checked it, e.g. `application/pdf`. */
  type: string;
  data: Blob;
}

/** A place to show (`openMap`): WGS 84 degrees. */
export interface MapPlace {
  latitude: number;
  longitude: number;
  label?: string;
}

/** Where the device is (`getLocation`): WGS 84 degrees, accuracy in metres. */
export interface GeoPosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/**
 * Functions a host implements when its platform has the feature; what is absent keeps the renderer's browser
 * default where there is one (an `.ics` download, `navigator.vibrate`, the browser's geolocation, a map link) and is
 * reported as missing (`${host.capabilities.<name>}` false) where there is none. Each call must settle: the
 * renderer gives up after its timeout (docs/renderer-spec.md, Host capabilities) and tells the user. Reject with a
 * `HostError` coded `forbidden` when the user refused a permission, or an `AbortError` when they cancelled.
 */
export interface HostCapabilities {
  /** Scans one code with the camera; resolves with it, rejects when the user cancelled or it failed. */
  scanCode?(request: ScanRequest): Promise<ScannedCode>;
  /** Opens or saves the document (a viewer, the share sheet); resolves once handed to the user. */
  document?(file: DocumentFile): Promise<void>;
  /** Adds the event to the device's calendar; resolves once added, rejects when the user refused or it failed. */
  calendar?(event: CalendarEvent): Promise<void>;
  /** Shows the place in the device's maps; resolves once shown. */
  map?(place: MapPlace): Promise<void>;
  /** Asks the device where it is, each time (never a cached answer); rejects when the user refused. */
  location?(): Promise<GeoPosition>;
  /** Plays the feedback; never throws for a device without it. */
  haptics?(style: HapticStyle): void;
  /** Raises the screen to full brightness (true) while a pass is shown, or gives it back (false). */
  brightness?(max: boolean): Promise<void>;
  /** Keeps the screen on (true) while a pass is shown, or lets it sleep again (false). */
  keepAwake?(on: boolean): Promise<void>;
}

/** The names a screen reads as `${host.capabilities.<name>}`, one for each function above. */
export type HostCapabilityName = keyof HostCapabilities;
