// What running an action may do to its surroundings; the runtime implements it, tests pass a recording twin.
import type {
  ApiCall,
  CalendarEvent,
  DocumentFile,
  HapticStyle,
  HostError,
  HostErrorCode,
  JsonValue,
} from '@miniapps/host';
import type { Translate } from '../i18n/messages.js';
import type { Device } from './device.js';

/** Raw action objects of a slot, in order; each is checked against the registry when it runs. */
export type ActionList = readonly unknown[];

/** One form on the page, as submitForm sees it. */
export interface FormHandle {
  id: string;
  /** Current values by input name. */
  values(): Record<string, JsonValue>;
  /** Shows the browser's messages for invalid inputs; false when the form cannot be sent. */
  validate(): boolean;
  /** The form's own onSubmit actions. */
  onSubmit: ActionList | undefined;
  /** Files chosen in its fileFields, by name (none without a fileField): they make the form multipart. */
  files?(): Record<string, File[]>;
  /** Shows how much of the form's upload is sent (0 to 1), or hides the bar (undefined). */
  progress?(fraction: number | undefined): void;
  /** The collection the form sends to with submitForm's target "responses" (hosted apps). */
  collect?: { name: string; allowEdit: boolean } | undefined;
}

/** A hosted app's collections as actions use them: send a response, or replace the user's own. */
export interface ResponsesEnv {
  /**
   * Sends `values` (to `editId` when given), with the files of the form's fileFields when there are any (then as
   * multipart, `onProgress` following it), and reads the collection's aggregates again.
   */
  send(
    name: string,
    values: Record<string, JsonValue>,
    editId: string | undefined,
    upload?: { files: Record<string, File[]>; onProgress?: (sent: number, total: number) => void },
  ): Promise<unknown>;
}

export interface AlertRequest {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface ActionEnv {
  openPage(path: string, params: Record<string, string> | undefined, replace: boolean): void;
  back(): void;
  refresh(): Promise<void>;
  openUrl(url: string, external: boolean): void;
  request(call: ApiCall): Promise<unknown>;
  toast(message: string, durationMs: number | undefined): void;
  /** Resolves true when confirmed, false when cancelled. */
  alert(request: AlertRequest): Promise<boolean>;
  copy(text: string): Promise<void>;
  share(data: { text?: string; url?: string }): Promise<void>;
  /** Resolves once the event is in the user's calendar (or its file is saved); rejects when it is not. */
  addToCalendar(event: CalendarEvent): Promise<void>;
  /** Never fails: nothing happens where the device cannot. */
  haptic(style: HapticStyle): void;
  /**
   * Keeps the screen on (and bright, where the device can) while a code shows, through the device's keepAwake and
   * brightness; the function returned lets it go. Never throws.
   */
  holdScreen(): () => void;
  /** A form of the page by id; without an id, the form the action sits in. */
  form(id: string | undefined): FormHandle | undefined;
  /** Shown when an action fails and has no onError of its own; with the code when a host error caused it. */
  /** `retry` (a failure worth trying again, e.g. offline) puts a Try again button by the message. */
  showError(message: string, code?: HostErrorCode, retry?: () => void): void;
  /** Told of a refusal the host must hear about (an address leaving the app, `bad_path`), besides showing it. */
  reportError?(error: HostError): void;
  /** The renderer's texts for what it says itself (failed actions); English without it. */
  t?: Translate | undefined;
  /** The user's storage of this app on the platform (storageSet, storageRemove); without it, only this page keeps it. */
  storage?: AppStorage | undefined;
  /** What the device can do and the one way to ask it (device.ts); without it, every capability is missing. */
  device?: Device | undefined;
  /** A document of the app through the platform's document route (openDocument); rejects with a HostError. */
  fetchDocument?(url: string, filename: string): Promise<DocumentFile>;
  /** The app's collections (hosted apps); without it a submit to "responses" is a failure. */
  responses?: ResponsesEnv | undefined;
}

/** Per-user storage of one app, as the platform keeps it. */
export interface AppStorage {
  /** Every key and value, read once when the app opens. */
  all(): Promise<Record<string, JsonValue>>;
  set(key: string, value: JsonValue): Promise<void>;
  remove(key: string): Promise<void>;
}
