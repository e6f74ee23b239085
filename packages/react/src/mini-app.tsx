// <MiniApp host app="org/slug" />: opens one app of a platform: its catalog entry, consent, then its pages (a known
// app from the kept entry and consent at once, checked behind).
import {
  type AppHost,
  type AppRef,
  appOf,
  type CatalogEntry,
  type ConsentPlan,
  HostError,
  isHostError,
  type LaunchSource,
  type Scope,
} from '@miniapps/host';
import { type ReactNode, type Ref, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ConsentDialog, type ConsentRequest } from './consent/consent-dialog.js';
import { scopeTitles } from './consent/scope-labels.js';
import { type MiniAppEffects, useEffectOverrides } from './effects/effects.js';
import { MessagesContext, useMessages } from './i18n/language.js';
import type { Translate } from './i18n/messages.js';
import type { AppStorage } from './renderer/action-env.js';
import type { LaunchContext } from './renderer/launch-context.js';
import type { RenderMode } from './renderer/render-mode.js';
import { type ColorScheme, type MiniAppHandle, MiniAppRuntime } from './renderer/runtime.js';

export interface MiniAppProps {
  /** The platform, made by `createHost` (or `createAppHost`) from `@miniapps/host`. */
  host: AppHost;
  /** `"org/slug"` or `{org, slug}`. */
  app: AppRef;
  /** A page to open over the start page (`/path?query`), e.g. from a launch link. */
  path?: string | undefined;
  /** A launch link's start parameter: the start page is asked for with `?startapp=<value>`; `${launch.startParam}`. */
  startParam?: string | undefined;
  /** How the user opened the app (`${launch.source}`): from the catalog, a link, a push, or otherwise. */
  launchSource?: LaunchSource | undefined;
  /** The user's language for the app, a BCP 47 tag such as `ru-RU` (`${launch.locale}`); default `lang`, else the browser's. */
  locale?: string | undefined;
  /**
   * The language of the renderer's own texts (consent dialog, states, buttons), `ru` or `en` (any BCP 47 tag);
   * default the page's `<html lang>`, else the browser's languages, else English.
   */
  lang?: string | undefined;
  colorScheme?: ColorScheme | undefined;
  /** Default `production`: unknown widgets are left out; `development` shows them as placeholders. */
  mode?: RenderMode | undefined;
  /** The bar's title: the app's name by default; `false` hides the bar (the host draws its own). */
  title?: string | false | undefined;
  effects?: Partial<MiniAppEffects> | undefined;
  /**
   * The operator's map link for openMap where the host has no map: an https template with `{latitude}`,
   * `{longitude}` and `{label}` (the platform's `MAP_LINK_TEMPLATE`); default OpenStreetMap.
   */
  mapLink?: string | undefined;
  /**
   * The host asks itself: resolve with the scopes to grant, or null to leave without recording a choice.
   * Returning undefined (not a promise) leaves the asking to the built-in dialog.
   */
  askConsent?: ((request: ConsentRequest) => Promise<Scope[] | null> | undefined) | undefined;
  /** Told when the app cannot be opened (missing app, ended session, platform down…). */
  onError?: ((error: HostError) => void) | undefined;
  ref?: Ref<MiniAppHandle> | undefined;
}

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; error: HostError }
  | { kind: 'asking'; request: ConsentRequest; busy: boolean; error: string | null }
  | { kind: 'ready'; request: ConsentRequest }
  | { kind: 'left'; revoked: Scope[] };

/** Anything thrown on the way (a host's own askConsent too) as a HostError the page can show. */
function asHostError(error: unknown): HostError {
  if (isHostError(error)) return error;
  return new HostError('bad_answer', error instanceof Error ? error.message : String(error));
}

/** The catalog's 404 is the app's absence: the code the proxy gives too, so a host hears one code for it. */
function missingApp(error: unknown): never {
  if (isHostError(error) && error.code === 'not_found') {
    throw new HostError('app_not_found', error.message, { status: error.status });
  }
  throw error;
}

function requestOf(entry: CatalogEntry, plan: ConsentPlan): ConsentRequest {
  return {
    app: entry,
    declared: plan.consent.declared,
    granted: plan.consent.scopes,
    ask: plan.ask,
    update: plan.update,
    revoked: plan.revoked,
  };
}

/**
 * The platform's answer behind a warm open, with the scopes the kept consent granted and it no longer does counted
 * as withdrawn (asked again): a host that keeps no consent memory of its own still stops the app.
 */
function withdrawnSince(kept: ConsentPlan, request: ConsentRequest): ConsentRequest {
  const withdrawn = kept.consent.scopes.filter(
    (scope) => request.declared.includes(scope) && !request.granted.includes(scope),
  );
  const union = (a: Scope[]) => [...new Set([...a, ...withdrawn])];
  return { ...request, ask: union(request.ask), revoked: union(request.revoked) };
}

/** Sentences for the failures a user meets most; any other says the platform's message. */
function explain(error: HostError, app: string, t: Translate): string {
  switch (error.code) {
    case 'not_found':
    case 'app_not_found':
      return t('app.missing', { app });
    case 'unauthorized':
      return t('app.sessionEnded');
    case 'network_error':
      return t('app.unreachable');
    default:
      return error.message;
  }
}

export function MiniApp(props: MiniAppProps) {
  const { host } = props;
  const { org, slug } = appOf(props.app);
  const name = `${org}/${slug}`;
  const effects = useEffectOverrides(props.effects);
  const t = useMessages(props.lang);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(props);
  latest.current = props;

  // A layout effect: it runs as the view is committed, not after the next frame (Preact's effects wait for one and
  // a timer behind it), so a warm open's reads start at once. It only starts work; nothing here draws.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of `attempt` (Try again) loads anew
  useLayoutEffect(() => {
    let current = true;
    const fail = (error: unknown) => {
      if (!current) return;
      const hostError = asHostError(error);
      setState({ kind: 'failed', error: hostError });
      latest.current.onError?.(hostError);
    };
    setState((shown) => (shown.kind === 'loading' ? shown : { kind: 'loading' }));
    // Either call may be the first to learn the app is missing: both report it as app_not_found.
    const check = () =>
      Promise.all([host.catalog.get(name).catch(missingApp), host.consent.plan(name).catch(missingApp)]).then(
        ([entry, plan]) => requestOf(entry, plan),
      );
    // A warm open: the kept entry and consent draw the app at once (its kept start screen with it) and the platform
    // is asked behind; an answer that says otherwise (consent withdrawn, app gone or suspended) stops it then.
    Promise.all([host.catalog.kept(name), host.consent.keptPlan(name)])
      .catch(() => [undefined, undefined] as const)
      .then(([entry, plan]) => {
        if (!current) return;
        if (entry && plan && plan.ask.length === 0) {
          setState({ kind: 'ready', request: requestOf(entry, plan) });
          // Asked in a later task: the kept start screen is drawn in this one, before any request is made.
          setTimeout(() => {
            if (!current) return;
            check().then((request) => {
              const asking = withdrawnSince(plan, request);
              if (current && asking.ask.length > 0) void ask(asking).catch(fail);
            }, fail);
          }, 0);
          return;
        }
        check().then(ask).catch(fail);
      });
    /** Asks about the scopes the request names (none: opens the app). */
    async function ask(request: ConsentRequest): Promise<void> {
      if (!current) return;
      if (request.ask.length === 0) return setState({ kind: 'ready', request });
      const asked = latest.current.askConsent?.(request);
      if (asked === undefined) return setState({ kind: 'asking', request, busy: false, error: null });
      setState({ kind: 'loading' });
      const chosen = await asked;
      if (!current) return;
      if (chosen === null) return declined(request);
      await host.consent.set(name, chosen);
      if (current) setState({ kind: 'ready', request });
    }
    return () => {
      current = false;
    };
  }, [host, name, attempt]);

  /**
   * Left the consent prompt without a choice: nothing recorded, the app not opened, the host told why; after a
   * withdrawn consent, as `consent_revoked` (asked again at the next open).
   */
  function declined({ revoked }: ConsentRequest) {
    setState({ kind: 'left', revoked });
    latest.current.onError?.(
      revoked.length > 0
        ? new HostError('consent_revoked', t('app.revokedDeclined', { scopes: scopeTitles(t, revoked) }))
        : new HostError('consent_declined', t('app.declined')),
    );
  }

  // Storage and the source below carry the app's session token (host.proxy, host.storage), never the user's.
  const storage = useMemo<AppStorage>(() => {
    const calls = host.storage;
    return {
      all: () => calls.all(name),
      set: (key, value) => calls.set(name, key, value),
      remove: (key) => calls.remove(name, key),
    };
  }, [host, name]);
  const { startParam, launchSource } = props;
  const locale =
    props.locale ?? props.lang ?? (typeof navigator === 'undefined' ? undefined : navigator.language);
  const launch = useMemo<LaunchContext>(
    () => ({ startParam, source: launchSource ?? (startParam ? 'link' : 'other'), locale }),
    [startParam, launchSource, locale],
  );
  // Screens and API calls tell the platform how the app was opened (it passes that on to a remote origin).
  const source = useMemo(
    () =>
      host.proxy.source(name, {
        startParam: launch.startParam,
        launchSource: launch.source,
        locale: launch.locale,
      }),
    [host, name, launch],
  );
  const scheme = props.colorScheme ?? 'light';

  if (state.kind === 'ready') {
    const title = props.title === false ? undefined : (props.title ?? state.request.app.name);
    return (
      <MessagesContext.Provider value={t}>
        <MiniAppRuntime
          key={`${name}#${attempt}`}
          source={source}
          startPath={state.request.app.startPath}
          startParams={props.startParam === undefined ? undefined : { startapp: props.startParam }}
          initialPage={props.path}
          mode={props.mode ?? 'production'}
          effects={props.effects}
          capabilities={host.capabilities}
          mapLink={props.mapLink}
          title={title}
          colorScheme={scheme}
          onError={props.onError}
          ref={props.ref}
          storage={storage}
          launch={launch}
        />
      </MessagesContext.Provider>
    );
  }

  const decide = (scopes: Scope[]) => {
    if (state.kind !== 'asking') return;
    setState({ ...state, busy: true, error: null });
    host.consent.set(name, scopes).then(
      () => setState({ kind: 'ready', request: state.request }),
      (error: unknown) => setState({ ...state, busy: false, error: asHostError(error).message }),
    );
  };
  const retry = () => setAttempt((n) => n + 1);
  const leave = () => {
    if (state.kind === 'asking') declined(state.request);
    effects.close?.();
  };

  return (
    <MessagesContext.Provider value={t}>
      <div className="ma-app" data-color-scheme={scheme} aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' && <p className="ma-state ma-loading">{t('loading')}</p>}
        {state.kind === 'failed' && (
          <Stopped code={state.error.code} button={t('tryAgain')} onRetry={retry}>
            <p>
              {t('app.failed', { reason: explain(state.error, name, t) })}{' '}
              <span className="ma-hint">({state.error.code})</span>
            </p>
          </Stopped>
        )}
        {state.kind === 'left' && state.revoked.length > 0 && (
          <Stopped code="consent_revoked" button={t('app.openIt')} onRetry={retry}>
            <p>
              {t('app.notGranted', { scopes: scopeTitles(t, state.revoked) })}{' '}
              <span className="ma-hint">(consent_revoked)</span>
            </p>
          </Stopped>
        )}
        {state.kind === 'left' && state.revoked.length === 0 && (
          <Stopped button={t('app.openIt')} onRetry={retry}>
            <p className="ma-hint">{t('app.notOpened')}</p>
          </Stopped>
        )}
        {state.kind === 'asking' && (
          <ConsentDialog
            request={state.request}
            busy={state.busy}
            error={state.error}
            onDecide={decide}
            onCancel={leave}
          />
        )}
      </div>
    </MessagesContext.Provider>
  );
}

/** Where the app stopped before opening (failed, or left unanswered): what happened and one button to try again. */
function Stopped(props: { code?: string; button: string; onRetry(): void; children: ReactNode }) {
  return (
    <div
      className={props.code === undefined ? 'ma-state' : 'ma-state ma-page-error'}
      role={props.code === undefined ? undefined : 'alert'}
      data-error-code={props.code}
    >
      {props.children}
      <button type="button" className="ma-button ma-button-secondary" onClick={props.onRetry}>
        {props.button}
      </button>
    </div>
  );
}
