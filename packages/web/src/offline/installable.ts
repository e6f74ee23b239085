// The installable client's state, outside React: the service worker's registration with a new version waiting, the
// browser's install prompt when it offers one, and whether the network is there.
import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in the DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

interface State {
  /** A new version of the client, installed and waiting for the user to reload. */
  waiting: ServiceWorker | null;
  /** The new version took over from another tab: this page's code is the old one until it reloads. */
  replaced: boolean;
  /** The browser's install prompt, kept until used; null where the browser offers none (Firefox, Safari). */
  install: InstallPromptEvent | null;
  /** The manifest the offer is for: the client's, or a mini-app's own while its page is open (app-manifest.ts). */
  installFor: string | null;
  online: boolean;
}

let state: State = {
  waiting: null,
  replaced: false,
  install: null,
  installFor: null,
  online: typeof navigator === 'undefined' || navigator.onLine,
};
const listeners = new Set<() => void>();

function update(change: Partial<State>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallable(): State {
  return useSyncExternalStore(subscribe, () => state);
}

/** Set when the user asked for the new version: only then does a change of worker reload the page (no loop). */
let reloadOnChange = false;

/** Lets the waiting worker take over; the page reloads once it controls the page. */
export function applyUpdate(): void {
  if (state.replaced) {
    window.location.reload();
    return;
  }
  if (!state.waiting) return;
  reloadOnChange = true;
  state.waiting.postMessage({ type: 'skip-waiting' });
}

/** The page linked another manifest: an offer made for the previous one is not offered under the new name. */
export function forgetInstallOffer(): void {
  if (state.install) update({ install: null, installFor: null });
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<void> {
  const offer = state.install;
  if (!offer) return;
  update({ install: null });
  await offer.prompt();
}

function watch(registration: ServiceWorkerRegistration): void {
  const waitingIfUpdate = (worker: ServiceWorker | null) => {
    // A worker installed while another controls the page is an update; the first install is not.
    if (worker && navigator.serviceWorker.controller) update({ waiting: worker });
  };
  waitingIfUpdate(registration.waiting);
  const track = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') waitingIfUpdate(worker);
    });
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
  // A tab left open for days learns of a deploy when it is looked at again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

/** Called once at start: the worker (where browsers have them), the install offer and the network's state. */
export function startInstallable(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // offered by our own button, not the browser's mini-infobar
    const manifest = document.querySelector('link[rel=manifest]')?.getAttribute('href') ?? null;
    update({ install: event as InstallPromptEvent, installFor: manifest });
  });
  window.addEventListener('appinstalled', () => update({ install: null }));
  window.addEventListener('online', () => update({ online: true }));
  window.addEventListener('offline', () => update({ online: false }));
  if (!('serviceWorker' in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadOnChange) {
      reloadOnChange = false;
      window.location.reload();
    } else if (hadController) {
      // Another tab chose the update: this one offers the reload too (its lazy files are the old build's).
      update({ waiting: null, replaced: true });
    }
  });
  // `updateViaCache: 'none'`: the browser asks the platform for sw.js at every check, whatever HTTP caches hold.
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then(watch)
      .catch(() => undefined); // no worker (the Vite dev server, a refused registration): the client works online
  // After the page's own load, so the first visit's files come before the worker's copy of the whole shell.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
