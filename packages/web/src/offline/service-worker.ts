// The client's service worker (built to /sw.js by scripts/service-worker.ts): keeps the app shell, the build's hashed
// files and <miniapp-view> with its lazy parts, so the client opens offline. It never answers API, proxy or sign-in
// requests: what an app or the platform said is the host kit's to keep, per user (issue 34, part 2).

/** The shell's URLs, written in by the build: `/`, the hashed files, the manifest and icons, the element's files. */
declare const __PRECACHE__: readonly string[];
/** A hash of those files, written in by the build. */
declare const __BUILD__: string;

// Replaced by the platform when it serves sw.js with a hash of the index page it serves (its settings included),
// so a changed page, not only a new build, makes the browser install a new worker.
const SHELL_VERSION = '__MINIAPPS_SHELL_VERSION__';

// The few service-worker types used (this file is type-checked with the client's DOM library, not WebWorker's).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const PREFIX = 'miniapps-shell-';
const CACHE = `${PREFIX}${__BUILD__}-${SHELL_VERSION}`;
const SHELL = '/';
const PRECACHED = new Set(__PRECACHE__);
/** The element's stable name redirects to its hashed module; offline, the kept module answers for it. */
const ELEMENT = '/embed/miniapp-view.js';
const ELEMENT_MODULE = __PRECACHE__.find((url) => /^\/embed\/miniapp-view\.[0-9a-f]+\.js$/.test(url));

/** Paths the worker leaves to the network, always: the API, the proxy, sign-in, docs, probes, the worker itself. */
const NETWORK_ONLY = [
  '/api/',
  '/functions/',
  '/auth/',
  '/docs',
  '/openapi.json',
  '/healthz',
  '/readyz',
  '/metrics',
];
const NETWORK_ONLY_PATHS = new Set(['/api', '/functions', '/embed/origin', '/sw.js']);

const networkOnly = (path: string): boolean =>
  NETWORK_ONLY_PATHS.has(path) || NETWORK_ONLY.some((prefix) => path.startsWith(prefix));

/** A client route (`/apps/acme/menu`), not a file of the build. */
const isClientRoute = (path: string): boolean =>
  !PRECACHED.has(path) && !/^\/(assets|embed|icons)\//.test(path) && !/\.[A-Za-z0-9]+$/.test(path);

worker.addEventListener('install', (event) => {
  // The new worker waits: the page offers "Reload to update" and sends `skip-waiting` when the user agrees.
  event.waitUntil(
    caches
      .open(CACHE)
      // Revalidated, not taken from the HTTP cache as is: the index page carries the platform's current settings.
      .then((cache) => cache.addAll(__PRECACHE__.map((url) => new Request(url, { cache: 'no-cache' })))),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'skip-waiting') void worker.skipWaiting();
});

/** The kept answer for `url`, else the network's. */
async function kept(url: string, request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  return (await cache.match(url)) ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || networkOnly(url.pathname)) return;
  if (request.mode === 'navigate' && (url.pathname === SHELL || isClientRoute(url.pathname))) {
    // Every client route is the same page: the kept shell answers at once, online or not.
    event.respondWith(kept(SHELL, request));
  } else if (url.pathname === ELEMENT && ELEMENT_MODULE) {
    // The stable name follows the platform's current build while online.
    event.respondWith(fetch(request).catch(() => kept(ELEMENT_MODULE, request)));
  } else if (PRECACHED.has(url.pathname) && url.search === '') {
    event.respondWith(kept(url.pathname, request));
  }
});
