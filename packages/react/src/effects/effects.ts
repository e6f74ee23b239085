// What a running mini-app asks of its host: each effect has a browser default and may be taken over by the host.
import type { CalendarEvent, CodeFormat, HapticStyle, ScannedCode } from '@miniapps/host';
import { createContext, createElement, type ReactNode, useContext } from 'react';

export interface ShareData {
  text?: string;
  url?: string;
}

/** Where the app's page stack stands after a move. */
export interface NavigationState {
  /** The top page as a link: its path and query, e.g. `/menu?day=mon`. */
  link: string;
  /** Pages on the stack: 1 on the start page (back there closes the app). */
  depth: number;
}

export interface MiniAppEffects {
  /** Opens an external page; only https addresses ever reach it. Default: a new tab without an opener. */
  openUrl(url: string): void;
  /** Default: the system share sheet, or the clipboard and a toast where there is none. */
  share(data: ShareData): Promise<void>;
  /** Default: the clipboard and a toast. */
  copy(text: string): Promise<void>;
  /** Default: a toast at the bottom of the app. */
  toast(message: string, durationMs?: number): void;
  /** Told after every move (open, back, replace), e.g. to mirror the page in the address bar. Default: nothing. */
  navigate(state: NavigationState): void;
  /**
   * Adds an event to the user's calendar (`addToCalendar`); rejects when it was not added. Default: an `.ics` file
   * downloaded and a toast saying so. A host's `capabilities.calendar` takes this over.
   */
  addToCalendar(event: CalendarEvent): Promise<void>;
  /** Feedback the user feels (`haptic`). Default: `navigator.vibrate` where the browser has it, else nothing. */
  haptic(style: HapticStyle): void;
  /**
   * Scans one code (`scanCode`): its text, or null when the user cancelled; rejects when the camera is refused or
   * missing. Default: the camera over the app (getUserMedia, BarcodeDetector or zxing-wasm) where the browser has
   * one. A host's `capabilities.scanCode` comes after this; either is abandoned after two minutes (device.ts).
   */
  scanCode(formats: readonly CodeFormat[]): Promise<ScannedCode | null>;
  /** Back on the start page, or the host's close button: leave the app. Default: nothing (back is disabled). */
  close(): void;
}

const EffectsContext = createContext<Partial<MiniAppEffects>>({});

/** Effects for every mini-app below; a `MiniApp`'s own `effects` prop wins over these. */
export function MiniAppEffectsProvider(props: { effects: Partial<MiniAppEffects>; children?: ReactNode }) {
  const outer = useContext(EffectsContext);
  return createElement(EffectsContext.Provider, { value: { ...outer, ...props.effects } }, props.children);
}

/** The effects in force: the provider's, then the component's own. */
export function useEffectOverrides(own: Partial<MiniAppEffects> | undefined): Partial<MiniAppEffects> {
  const provided = useContext(EffectsContext);
  return own ? { ...provided, ...own } : provided;
}
