// What a native host supplies to the apps it runs beyond the platform's calls: its calendar, haptics, scanner, screen.

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

/**
 * Functions a host implements when its platform has the feature; what is absent keeps the renderer's browser
 * default (an `.ics` download, `navigator.vibrate`). The smallest start of the capabilities of issue 32 item 9.
 */
export interface HostCapabilities {
  /** Adds the event to the device's calendar; resolves once added, rejects when the user refused or it failed. */
  calendar?(event: CalendarEvent): Promise<void>;
  /** Plays the feedback; never throws for a device without it. */
  haptics?(style: HapticStyle): void;
  /**
   * Scans one code of the given formats with the host's own scanner: resolves its text, or null when the user
   * closed the scanner; rejects when the camera is refused or missing. Settled within two minutes, or abandoned.
   */
  scanCode?(formats: readonly CodeFormat[]): Promise<ScannedCode | null>;
  /** Keeps the screen on while a code (a pass) is shown (`on`), and lets it sleep again after. */
  keepAwake?(on: boolean): void | Promise<void>;
  /** Full brightness while a code is shown (`max`), the user's own after (`normal`). */
  brightness?(level: 'max' | 'normal'): void | Promise<void>;
}
