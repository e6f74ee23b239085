// <miniapp-view>: a mini-app for pages without React. Renders <MiniApp> in an open shadow root, themed by the page's
// --miniapp-* properties, and reports what happens as DOM events (miniapp:navigate, miniapp:close, miniapp:error,
// and a cancelable miniapp:consent a page may take over). On a page whose origin the platform does not allow
// (CORS_ORIGINS) it says so before any call, which the browser would refuse with nothing but a TypeError.
import {
  type AppHost,
  createAppHost,
  type EmbedOrigin,
  HostError,
  type HostErrorCode,
  indexedDbStore,
  type LaunchSource,
  type Scope,
  type TokenSource,
} from '@miniapps/host';
import { createRoot, type Root } from 'react-dom/client';
import type { ConsentRequest } from '../consent/consent-dialog.js';
import { rendererLanguage } from '../i18n/language.js';
import { translator } from '../i18n/messages.js';
import { MiniApp } from '../mini-app.js';
import type { ColorScheme } from '../renderer/runtime.js';
import { pageStorage } from './safe-storage.js';

/** `detail` of `miniapp:consent`: the request, and `respond` for a page that cancelled the event to ask itself. */
export interface ConsentEventDetail extends ConsentRequest {
  /** The scopes the user granted, or null when they left without choosing. */
  respond(scopes: Scope[] | null): void;
}

export interface NavigateEventDetail {
  /** The top page: its path and query. */
  path: string;
  /** Pages on the stack; 1 on the start page. */
  depth: number;
}

export interface ErrorEventDetail {
  code: HostErrorCode;
  message: string;
}

const SCHEMES: readonly string[] = ['light', 'dark', 'auto'];

/** What a view knows of its page's origin at one platform: `allowed` is undefined while the platform is asked. */
interface OriginVerdict {
  baseUrl: string;
  allowed?: boolean;
  /** The page's origin as the platform read it (the message names it). */
  origin: string;
  /** The platform's map link for openMap (MAP_LINK_TEMPLATE), once its answer came. */
  mapLink?: string;
}

/**
 * Defines the element (once) with the renderer's stylesheet text; `miniapp-view.js` calls it on load with its own
 * origin as `platform`, the base URL of views without a `platform` attribute (default: the page's origin). Read
 * from the caller, not `import.meta` here, which a host's non-module bundle would leave empty.
 */
export function defineMiniAppView(
  stylesheet: string,
  tagName = 'miniapp-view',
  platform: string = location.origin,
): void {
  if (customElements.get(tagName)) return;
  // The views' kept answers, opened now: by the time a view is attached its first read needs no open.
  const cacheStore = indexedDbStore();
  /** The origin check of each platform, asked once per page whatever the number of views. */
  const originChecks = new Map<string, Promise<EmbedOrigin | undefined>>();
  const checkOrigin = (host: AppHost) => {
    let check = originChecks.get(host.baseUrl);
    if (!check) {
      // Unanswered (a platform that is down, or one without the check): the views go on and tell what they meet.
      check = host.checkOrigin().catch(() => undefined);
      originChecks.set(host.baseUrl, check);
    }
    return check;
  };

  class MiniAppView extends HTMLElement {
    static observedAttributes = [
      'platform',
      'app',
      'path',
      'color-scheme',
      'start-param',
      'launch-source',
      'locale',
      'lang',
    ];
    #root: Root | undefined;
    #host: { baseUrl: string; host: AppHost } | undefined;
    /** The platform's verdict on this page's origin: `allowed` undefined while it is asked. */
    #origin: OriginVerdict | undefined;
    #token: string | null = null;
    #getToken: TokenSource | undefined;
    #storage = pageStorage();

    constructor() {
      super();
      // A page may set `token` or `getToken` before this script defines the element; that value sits on the
      // element itself and would hide the accessors: take it over.
      for (const name of ['token', 'getToken'] as const) {
        if (!Object.hasOwn(this, name)) continue;
        const value = this[name];
        Reflect.deleteProperty(this, name);
        (this as Record<typeof name, unknown>)[name] = value;
      }
    }

    /** The user's JWT for the platform. */
    get token(): string | null {
      return this.#token;
    }
    set token(value: string | null) {
      const signedOut = this.#token !== null && value === null;
      this.#token = value;
      // The apps' session tokens were the previous user's (or token's): exchanged again with this one.
      this.#host?.host.endAppSessions();
      // Signed out: what was kept of the apps goes too (another user's answers are never read: keyed by user).
      if (signedOut) void this.#platform().clearCache();
      this.#render();
    }
    /** Asked before each call instead of `token` (e.g. to refresh it). */
    get getToken(): TokenSource | undefined {
      return this.#getToken;
    }
    set getToken(value: TokenSource | undefined) {
      this.#getToken = value;
      this.#host?.host.endAppSessions();
      this.#render();
    }

    connectedCallback(): void {
      if (!this.#root) {
        const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        const style = document.createElement('style');
        style.textContent = `:host{display:block}\n${stylesheet}`;
        const mount = document.createElement('div');
        shadow.replaceChildren(style, mount);
        this.#root = createRoot(mount);
      }
      this.#render();
    }

    disconnectedCallback(): void {
      this.#root?.unmount();
      this.#root = undefined;
    }

    attributeChangedCallback(): void {
      this.#render();
    }

    #emit(type: string, detail?: unknown, cancelable = false): boolean {
      return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
    }

    #platform(): AppHost {
      const baseUrl = this.getAttribute('platform') || platform;
      if (this.#host?.baseUrl !== baseUrl) {
        const host = createAppHost({
          baseUrl,
          getToken: () => (this.#getToken ? this.#getToken() : this.#token),
          storage: this.#storage,
          ...(cacheStore && { cacheStore }),
        });
        this.#host = { baseUrl, host };
      }
      return this.#host.host;
    }

    /** Its own `lang` or the nearest ancestor's (the page's <html lang>), as the browser itself reads it. */
    #lang(): string | undefined {
      return this.closest('[lang]')?.getAttribute('lang') || undefined;
    }

    /**
     * Whether this page may call the platform: true on the platform's own origin, else its answer to
     * GET /embed/origin (undefined until it comes; a refusal is told once as miniapp:error origin_not_allowed).
     */
    #originAllowed(host: AppHost): boolean | undefined {
      if (this.#origin?.baseUrl === host.baseUrl) return this.#origin.allowed;
      const verdict: OriginVerdict = { baseUrl: host.baseUrl, origin: location.origin };
      this.#origin = verdict;
      const sameOrigin = new URL(host.baseUrl).origin === location.origin;
      if (sameOrigin) verdict.allowed = true;
      // Asked on the platform's own origin too: its answer carries the operator's map link. Nothing waits on it
      // there, so it is asked in a later task, after a kept start screen is drawn.
      const ask = () =>
        void checkOrigin(host).then((answer) => {
          if (this.#origin !== verdict) return;
          if (answer?.mapLink) verdict.mapLink = answer.mapLink;
          if (sameOrigin) {
            if (answer?.mapLink) this.#render();
            return;
          }
          verdict.allowed = answer?.allowed !== false;
          if (answer?.origin) verdict.origin = answer.origin;
          if (!verdict.allowed) {
            const t = translator(rendererLanguage(this.#lang()));
            this.#fail(
              new HostError('origin_not_allowed', t('element.originNotAllowed', { origin: verdict.origin })),
            );
          }
          this.#render();
        });
      if (sameOrigin) setTimeout(ask);
      else ask();
      return verdict.allowed;
    }

    #fail(error: HostError): void {
      this.#emit('miniapp:error', { code: error.code, message: error.message } satisfies ErrorEventDetail);
    }

    /** A state drawn without the app: a problem with the attributes, or no user yet. */
    #state(scheme: string, text: string, code?: HostErrorCode): void {
      this.#root?.render(
        <div className="ma-app" data-color-scheme={scheme}>
          {code ? (
            <p className="ma-state ma-page-error" role="alert" data-error-code={code}>
              {text} <span className="ma-hint">({code})</span>
            </p>
          ) : (
            <p className="ma-state ma-loading">{text}</p>
          )}
        </div>,
      );
    }

    #render(): void {
      if (!this.#root) return;
      const lang = this.#lang();
      const t = translator(rendererLanguage(lang));
      const app = this.getAttribute('app') ?? '';
      const raw = this.getAttribute('color-scheme') ?? 'light';
      const scheme = (SCHEMES.includes(raw) ? raw : 'light') as ColorScheme;
      let host: AppHost;
      try {
        host = this.#platform();
        if (!/^[^/\s]+\/[^/\s]+$/.test(app)) {
          throw new HostError('bad_argument', t('element.badApp', { app }));
        }
      } catch (error) {
        const problem = error as HostError;
        this.#state(scheme, problem.message, problem.code);
        this.#fail(problem);
        return;
      }
      // Before any call (and before sign-in): a page the platform refuses learns why, not a TypeError.
      const allowed = this.#originAllowed(host);
      if (allowed === undefined) {
        this.#state(scheme, t('loading'));
        return;
      }
      if (!allowed) {
        const origin = this.#origin?.origin ?? location.origin;
        this.#state(scheme, t('element.originNotAllowed', { origin }), 'origin_not_allowed');
        return;
      }
      // The page sets the token after the element is on it: wait for it rather than fail the first call.
      if (this.#token === null && this.#getToken === undefined) {
        this.#state(scheme, t('element.waiting'));
        return;
      }
      this.#root.render(
        <MiniApp
          key={`${host.baseUrl} ${app}`}
          host={host}
          app={app}
          path={this.getAttribute('path') || undefined}
          startParam={this.getAttribute('start-param') || undefined}
          launchSource={launchSourceOf(this.getAttribute('launch-source'))}
          locale={this.getAttribute('locale') || undefined}
          lang={lang}
          colorScheme={scheme}
          mapLink={this.#origin?.mapLink}
          effects={{
            navigate: ({ link, depth }) =>
              this.#emit('miniapp:navigate', { path: link, depth } satisfies NavigateEventDetail),
            close: () => this.#emit('miniapp:close'),
          }}
          askConsent={(request) => {
            let respond!: (scopes: Scope[] | null) => void;
            const answer = new Promise<Scope[] | null>((resolve) => {
              respond = resolve;
            });
            const detail: ConsentEventDetail = { ...request, respond };
            // Not cancelled: the built-in dialog asks.
            return this.#emit('miniapp:consent', detail, true) ? undefined : answer;
          }}
          onError={(error) => this.#fail(error)}
        />,
      );
    }
  }

  customElements.define(tagName, MiniAppView);
}

/** The launch-source attribute when it names a known source; anything else is left to <MiniApp>'s default. */
function launchSourceOf(value: string | null): LaunchSource | undefined {
  return value === 'catalog' || value === 'link' || value === 'push' || value === 'other' ? value : undefined;
}
