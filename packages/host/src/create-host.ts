// createHost: every call a host app makes to the platform, typed, on nothing but fetch, URL and AbortController.
import { createAnswerCache, tokenSubject } from './answer-cache.js';
import { type AnswerStore, memoryAnswerStore } from './answer-store.js';
import { type Api, createApi } from './api.js';
import { createAppSessions } from './app-session.js';
import { createAppStorage } from './app-storage.js';
import type { HostCapabilities } from './capabilities.js';
import { createCatalog } from './catalog.js';
import { createConsent } from './consent.js';
import { type KeyValueStore, memoryStore } from './consent-memory.js';
import { createDevices } from './devices.js';
import { createHttp, type Http, type TokenSource } from './http.js';
import { indexedDbStore } from './indexeddb-store.js';
import { DEFAULT_LINK_BASE, type LaunchTarget, launchLink, parseLaunchLink } from './launch-link.js';
import { createProxy } from './proxy.js';
import type { AppRef, EmbedOrigin, User } from './types.js';

export interface HostOptions {
  /** The platform's base URL, e.g. `https://apps.uni.example`. */
  baseUrl: string;
  /** The signed-in user's JWT, asked for before each call (return a fresh one when it is about to expire). */
  getToken?: TokenSource;
  /** Told about a 401 on a call that carried a token: sign the user out or refresh the token. */
  onUnauthorized?: () => void;
  /** Where consent prompts already shown are remembered: `localStorage`, AsyncStorage…; default in memory. */
  storage?: KeyValueStore;
  /** The start of this host's launch links (its `PUSH_DEEP_LINK_BASE`); default `miniapps://open`. */
  linkBase?: string;
  fetch?: typeof fetch;
  /** What this host supplies itself (its calendar, its haptics), used by the renderer instead of its defaults. */
  capabilities?: HostCapabilities;
  /**
   * Where apps' screens, datasets and strings are kept between opens: IndexedDB in a browser, memory elsewhere by
   * default; a native host passes its own; `null` keeps nothing.
   */
  cacheStore?: AnswerStore | null;
  /** The bytes kept, all users together (least recently used evicted first); default DEFAULT_HOST_CACHE_BYTES. */
  cacheBytes?: number;
  /**
   * Who the kept answers are for (the user's id): default the `sub` of the token getToken gives. Nothing is kept
   * or read without one, so a cookie-signed-in host passes the user's id.
   */
  cacheUser?: () => string | null | undefined | Promise<string | null | undefined>;
}

/** What opening an app needs: the catalog entry, consent and the proxy (all a renderer like `<MiniApp>` uses). */
export interface AppHost {
  readonly baseUrl: string;
  /** Every operation of the platform's API, typed by @miniapps/contract: `api.request('GET /api/v1/me')`. */
  readonly api: Api;
  /** Plain calls of the platform for what the contract does not cover. */
  readonly http: Http;
  readonly catalog: ReturnType<typeof createCatalog>;
  readonly consent: ReturnType<typeof createConsent>;
  /** Screens and API calls of apps, through the platform's proxy, each app with its own session token. */
  readonly proxy: ReturnType<typeof createProxy>;
  /** The signed-in user's storage in each app, through the proxy with the app's session token. */
  readonly storage: ReturnType<typeof createAppStorage>;
  /** What the host supplies itself, as given to createHost (none by default). */
  readonly capabilities: HostCapabilities;
  /** Forgets the apps' session tokens: call it when the user signs out or another signs in. */
  endAppSessions(): void;
  /**
   * Forgets what was kept of one app for every user, or everything: call it when the user signs out (a withdrawn
   * consent through `consent` forgets the app by itself).
   */
  clearCache(app?: AppRef): Promise<void>;
  /**
   * Whether this page's origin may call the platform (the platform's `CORS_ORIGINS`): ask it before the first
   * call, whose refusal a browser reports only as a TypeError. Sent without the user's token (no preflight).
   */
  checkOrigin(): Promise<EmbedOrigin>;
}

export interface Host extends AppHost {
  readonly devices: ReturnType<typeof createDevices>;
  /** The signed-in user's profile. */
  me(): Promise<User>;
  launchLink(target: LaunchTarget): string;
  parseLaunchLink(link: string): LaunchTarget | null;
}

/**
 * Only what opening apps needs, for a bundle that must stay small (the `<miniapp-view>` script); `createHost`
 * gives the same and more.
 */
export function createAppHost(options: Omit<HostOptions, 'linkBase'>): AppHost {
  const http = createHttp({
    baseUrl: options.baseUrl,
    getToken: options.getToken,
    onUnauthorized: options.onUnauthorized,
    fetch: options.fetch,
  });
  const api = createApi(http);
  // The origin check carries no token: a bare GET, answered to any origin without a preflight.
  const anonymous = createApi(createHttp({ baseUrl: options.baseUrl, fetch: options.fetch }));
  const sessions = createAppSessions(http);
  const store =
    options.cacheStore === undefined ? (indexedDbStore() ?? memoryAnswerStore()) : options.cacheStore;
  const cache =
    store === null
      ? undefined
      : createAnswerCache({
          store,
          maxBytes: options.cacheBytes,
          user: async () =>
            options.cacheUser ? options.cacheUser() : tokenSubject(await options.getToken?.()),
        });
  return {
    baseUrl: http.url(''),
    api,
    http,
    catalog: createCatalog(api, cache),
    consent: createConsent(api, options.storage ?? memoryStore(), cache),
    proxy: createProxy(sessions, cache),
    storage: createAppStorage(sessions),
    endAppSessions: sessions.clear,
    clearCache: async (app) => cache?.clear(app),
    checkOrigin: () => anonymous.request('GET /embed/origin'),
    capabilities: { ...options.capabilities },
  };
}

/**
 * A typed client of one platform for one user.
 * @example
 * const host = createHost({ baseUrl: 'https://apps.uni.example', getToken: () => session.jwt });
 * const { apps } = await host.catalog.list({ q: 'canteen' });
 */
export function createHost(options: HostOptions): Host {
  const app = createAppHost(options);
  const linkBase = options.linkBase ?? DEFAULT_LINK_BASE;
  return {
    ...app,
    devices: createDevices(app.api),
    me: async () => (await app.api.request('GET /api/v1/me')).user,
    launchLink: (target) => launchLink(target, linkBase),
    parseLaunchLink: (link) => parseLaunchLink(link, linkBase),
  };
}
