// What a native host supplies to the apps it runs beyond the platform's calls: its own calendar, its own haptics.

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

/**
 * Functions a host implements when its platform has the feature; what is absent keeps the renderer's browser
 * default (an `.ics` download, `navigator.vibrate`). The smallest start of the capabilities of issue 32 item 9.
 */
export interface HostCapabilities {
  /** Adds the event to the device's calendar; resolves once added, rejects when the user refused or it failed. */
  calendar?(event: CalendarEvent): Promise<void>;
  /** Plays the feedback; never throws for a device without it. */
  haptics?(style: HapticStyle): void;
}
