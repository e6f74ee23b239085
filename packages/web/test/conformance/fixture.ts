// The conformance fixture format (packages/schema/conformance/fixture.schema.json) as TypeScript types.
import type { CalendarEvent, GeoPosition, MapPlace, ScannedCode } from '@miniapps/host';

/** A file a step chooses: its content is filler of its size. */
export interface FixtureFile {
  name: string;
  type: string;
  size: number;
}

/** A file part of a multipart request, with the fileField it came from. */
export interface SentFile extends FixtureFile {
  field: string;
}

/** Where a step acts: the one visible element with this text, or with this accessible label (or alt text). */
export type Target = { text: string } | { label: string };

export type Step =
  | { tap: Target }
  | { fill: { name: string; text: string } }
  | { toggle: { name: string } }
  | { choose: { name: string; value: string } }
  | { submit: { name: string } }
  | { attach: { name: string; files: FixtureFile[] } }
  | { back: true }
  | { see: string }
  | { notSee: string };

export interface CannedAnswer {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The call's path with its query, exactly as the renderer sends it. */
  path: string;
  status?: number;
  body?: unknown;
}

export type TraceEvent =
  | { type: 'screen'; path: string; params?: Record<string, string> }
  | { type: 'navigate'; path: string; depth: number }
  | { type: 'close' }
  | { type: 'request'; method: string; path: string; body?: unknown; files?: SentFile[] }
  | { type: 'toast'; message: string }
  | { type: 'alert'; title?: string; message: string }
  | { type: 'copy'; text: string }
  | { type: 'share'; text?: string; url?: string }
  | { type: 'openUrl'; url: string }
  | { type: 'storageSet'; key: string; value: unknown }
  | { type: 'storageRemove'; key: string }
  | { type: 'haptic'; style: string }
  | { type: 'scan'; formats: string[] }
  | ({ type: 'calendar' } & CalendarEvent)
  | ({ type: 'map' } & MapPlace)
  | { type: 'document'; path: string; filename: string }
  | { type: 'error' };

export interface Fixture {
  name: string;
  description: string;
  mode?: 'production' | 'development';
  start?: string;
  /** Screens by path; a list gives successive loads their own answer (the last one repeats). */
  screens: Record<string, unknown>;
  api?: CannedAnswer[];
  /** The user's storage of the app when it opens. */
  storage?: Record<string, unknown>;
  /** What the host's scanner reads, a scanCode each, in order: a code, or null (cancelled). */
  scans?: Array<ScannedCode | null>;
  /** How the app was opened (`${launch.…}`). */
  launch?: { startParam?: string; source?: 'catalog' | 'link' | 'push' | 'other'; locale?: string };
  /** What the pretend host supplies: its map, and a fixed position or a refusal for location. */
  capabilities?: { map?: true; location?: GeoPosition | 'denied' };
  steps: Step[];
  trace: TraceEvent[];
}
