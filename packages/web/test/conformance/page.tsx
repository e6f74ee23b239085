// The conformance runner's browser page: mounts the React renderer on a fixture's screens and canned answers,
// takes over every host effect, and records the trace the fixture expects.

// The renderer under test. Running the fixtures against another build of it means changing this one line.
import type { CalendarEvent, CodeFormat, HostCapabilities, JsonValue, MapPlace } from '@miniapps/host';
import { HostError, type MiniAppHandle, MiniAppRuntime } from '@miniapps/react';
import { createRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { CannedAnswer, Fixture, SentFile, TraceEvent } from './fixture.js';

interface Conformance {
  start(fixture: Fixture): void;
  back(): void;
  /** Resolves once no screen or API call is pending and the page has drawn. */
  settle(): Promise<void>;
  trace: TraceEvent[];
}

declare global {
  interface Window {
    conformance: Conformance;
  }
}

const trace: TraceEvent[] = [];
const handle = createRef<MiniAppHandle>();
let pending = 0;

function tracked<T>(work: () => Promise<T>): Promise<T> {
  pending++;
  return work().finally(() => pending--);
}

function screenFor(fixture: Fixture, path: string, loads: Map<string, number>): unknown {
  const entry = fixture.screens[path];
  if (entry === undefined) throw new HostError('not_found', `No screen at ${path}.`, { status: 404 });
  const count = loads.get(path) ?? 0;
  loads.set(path, count + 1);
  // A screen is an object, so a list can only mean successive answers.
  return Array.isArray(entry) ? entry[Math.min(count, entry.length - 1)] : entry;
}

function answer(api: CannedAnswer[], method: string, path: string): unknown {
  const canned = api.find((a) => a.method === method && a.path === path);
  const status = canned?.status ?? (canned ? 200 : 404);
  if (status >= 400) {
    throw new HostError('http_error', `${method} ${path} failed with ${status}.`, {
      status,
      details: canned?.body,
    });
  }
  return canned?.body ?? null;
}

/** Alerts and error banners are drawn by the renderer itself; the page reads them off the DOM as they appear. */
function watchOverlays(container: HTMLElement): void {
  let banner: string | null = null;
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const dialog = node.closest('[role="alertdialog"]') ?? node.querySelector('[role="alertdialog"]');
        if (dialog === null || (dialog !== node && !node.contains(dialog))) continue;
        const title = dialog.querySelector('.ma-alert-title')?.textContent ?? undefined;
        const message = dialog.querySelector('p')?.textContent ?? '';
        trace.push(title === undefined ? { type: 'alert', message } : { type: 'alert', title, message });
      }
    }
    const shown = container.querySelector('.ma-error')?.textContent ?? null;
    if (shown !== null && shown !== banner) trace.push({ type: 'error' });
    banner = shown;
  }).observe(container, { childList: true, subtree: true, characterData: true });
}

function start(fixture: Fixture): void {
  const container = document.createElement('div');
  document.body.append(container);
  watchOverlays(container);
  const loads = new Map<string, number>();
  const api = fixture.api ?? [];
  const source = {
    loadScreen: (path: string, params?: Record<string, string>) =>
      tracked(async () => {
        trace.push(params ? { type: 'screen', path, params } : { type: 'screen', path });
        return screenFor(fixture, path, loads);
      }),
    request: (call: { method: string; url: string; body?: unknown; form?: FormData }) =>
      tracked(async () => {
        const event: TraceEvent = { type: 'request', method: call.method, path: call.url };
        if (call.form) trace.push({ ...event, ...multipartParts(call.form) });
        else trace.push(call.body === undefined ? event : { ...event, body: call.body });
        return answer(api, call.method, call.url);
      }),
    document: (url: string, filename: string) =>
      tracked(async () => {
        trace.push({ type: 'document', path: url, filename });
        return { filename, type: 'application/pdf', data: new Blob(['%PDF-1.7\n']) };
      }),
  };
  const capabilities: HostCapabilities = {};
  const { map, location } = fixture.capabilities ?? {};
  if (map) capabilities.map = async (place: MapPlace) => void trace.push({ type: 'map', ...place });
  if (location === 'denied') {
    capabilities.location = async () => {
      throw new HostError('forbidden', 'The user refused.');
    };
  } else if (location) capabilities.location = async () => location;
  // Documents are saved by the renderer itself (a download); the fetch above is what the trace shows.
  capabilities.document = async () => {};
  let first = true;
  const scans = [...(fixture.scans ?? [])];
  const effects = {
    openUrl: (url: string) => void trace.push({ type: 'openUrl', url }),
    share: async (data: { text?: string; url?: string }) => void trace.push({ type: 'share', ...data }),
    copy: async (text: string) => void trace.push({ type: 'copy', text }),
    toast: (message: string) => void trace.push({ type: 'toast', message }),
    navigate: (state: { link: string; depth: number }) => {
      // The first call reports the start page, which the trace's first screen already shows.
      if (!first) trace.push({ type: 'navigate', path: state.link, depth: state.depth });
      first = false;
    },
    close: () => void trace.push({ type: 'close' }),
    haptic: (style: string) => void trace.push({ type: 'haptic', style }),
    addToCalendar: async (event: CalendarEvent) => void trace.push({ type: 'calendar', ...event }),
    scanCode: async (formats: readonly CodeFormat[]) => {
      trace.push({ type: 'scan', formats: [...formats] });
      return scans.shift() ?? null;
    },
  };
  const stored = { ...(fixture.storage ?? {}) } as Record<string, JsonValue>;
  const storage = {
    all: () => tracked(async () => ({ ...stored })),
    set: (key: string, value: JsonValue) =>
      tracked(async () => {
        trace.push({ type: 'storageSet', key, value });
        stored[key] = value;
      }),
    remove: (key: string) =>
      tracked(async () => {
        trace.push({ type: 'storageRemove', key });
        delete stored[key];
      }),
  };
  flushSync(() =>
    createRoot(container).render(
      <MiniAppRuntime
        ref={handle}
        source={source}
        startPath={fixture.start ?? '/'}
        mode={fixture.mode ?? 'production'}
        effects={effects}
        storage={storage}
        launch={fixture.launch}
        capabilities={capabilities}
      />,
    ),
  );
}

async function settle(): Promise<void> {
  // Quiet for three rounds of a task and a frame: answers are in, their actions have run, the page has drawn.
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    quiet = pending === 0 ? quiet + 1 : 0;
  }
}

window.conformance = { start, back: () => handle.current?.back(), settle, trace };

/** A multipart request as the trace states it: its text parts as `body`, its files by name, type and size. */
function multipartParts(form: FormData): { body: Record<string, string>; files: SentFile[] } {
  const body: Record<string, string> = {};
  const files: SentFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') body[field] = value;
    else files.push({ field, name: value.name, type: value.type, size: value.size });
  }
  return { body, files };
}
