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

/** The codes `scanCode` reads: QR, EAN-13 (a product or a library book) and Code 128 (a student card). */
export type CodeFormat = 'qr' | 'ean13' | 'code128';

/** A code read by the camera: its text and which kind it was. */
export interface ScannedCode {
  text: string;
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
  /**
   * Scans one code of the given formats with the host's own scanner: resolves its text, or null when the user
   * closed the scanner (an `AbortError` means the same); rejects when the camera is refused or missing.
   */
  scanCode?(formats: readonly CodeFormat[]): Promise<ScannedCode | null>;
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
  /** Keeps the screen on while a code (a pass) is shown (`on`), and lets it sleep again after. */
  keepAwake?(on: boolean): void | Promise<void>;
  /** Full brightness while a code is shown (`max`), the user's own after (`normal`). */
  brightness?(level: 'max' | 'normal'): void | Promise<void>;
}

/** The names a screen reads as `${host.capabilities.<name>}`, one for each function above. */
export type HostCapabilityName = keyof HostCapabilities;
