// A running mini-app: its page stack loaded from a source, the actions' surroundings and their overlays.
import {
  type CodeFormat,
  type HostCapabilities,
  HostError,
  type HostErrorCode,
  isHostError,
  type ScannedCode,
  type ScreenSource,
} from '@miniapps/host';
import {
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { CameraScanner, type ScanRequest } from '../codes/camera-scanner.js';
import { browserDevice } from '../effects/browser-device.js';
import { copyText, downloadText, openInNewTab, shareOrCopy } from '../effects/browser-effects.js';
import { type MiniAppEffects, useEffectOverrides } from '../effects/effects.js';
import { icsFile, icsFileName } from '../effects/ics.js';
import { MessagesContext, useMessages } from '../i18n/language.js';
import type { ActionEnv, AppStorage } from './action-env.js';
import { readableError } from './actions.js';
import { collectionNames } from './collection-names.js';
import { createDevice, DeviceFailure, HOST_CALL_TIMEOUT_MS } from './device.js';
import type { LaunchContext } from './launch-context.js';
import { initialPages, navigate, pageLink } from './navigation.js';
import { AlertDialog, ErrorBanner, OfflineNote, type OpenAlert, type Toast, Toasts } from './overlays.js';
import type { RenderMode } from './render-mode.js';
import { ScreenRenderer } from './screen-renderer.js';
import { ValueStore } from './value-store.js';

/** `auto` follows the system's `prefers-color-scheme`. */
export type ColorScheme = 'light' | 'dark' | 'auto';

/** What a host may do to a running app from outside, e.g. from a hardware back button. */
export interface MiniAppHandle {
  /** Goes one page back; on the start page, closes the app (the `close` effect). */
  back(): void;
}

export interface MiniAppRuntimeProps {
  /** Where screens and API answers come from: `host.proxy.source(app)`, or a preview's own. */
  source: ScreenSource;
  /** The app's start path, the bottom of the page stack. */
  startPath: string;
  /** Query parameters of the start page (a launch link's start parameter arrives as `startapp`). */
  startParams?: Record<string, string> | undefined;
  /** A deep link (`/path?query`, e.g. a push tap's page): opened over the start page. */
  initialPage?: string | undefined;
  mode: RenderMode;
  /** Effects taken over by the host; the others keep their browser defaults. */
  effects?: Partial<MiniAppEffects> | undefined;
  /** Shown above the pages (the app name); no bar without it. */
  title?: string | undefined;
  colorScheme?: ColorScheme | undefined;
  /** Told when a page cannot be loaded (the page shows why, with Try again). */
  onError?: ((error: HostError) => void) | undefined;
  ref?: Ref<MiniAppHandle> | undefined;
  /** The user's storage of this app: read once on open as `${storage.key}`, written by storageSet. */
  storage?: AppStorage | undefined;
  /** How the app was opened: `${launch.startParam}`, `${launch.source}`… (colorScheme is added from above). */
  launch?: LaunchContext | undefined;
  /** The language of the renderer's own texts (BCP 47); default the <MiniApp>'s, else the page's, else the browser's. */
  lang?: string | undefined;
  /** What the host supplies itself (`createHost({ capabilities })`), before the browser's defaults. */
  capabilities?: HostCapabilities | undefined;
  /** The operator's map link template for openMap without a host map (`{latitude}`, `{longitude}`, `{label}`). */
  mapLink?: string | undefined;
}

const TOAST_MS = 3000;

/** `${launch.colorScheme}` is what the user sees: `auto` is read from the system once. */
function schemeShown(scheme: ColorScheme): 'light' | 'dark' {
  if (scheme !== 'auto') return scheme;
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  return dark ? 'dark' : 'light';
}

export function MiniAppRuntime(props: MiniAppRuntimeProps) {
  const { source } = props;
  const overrides = useEffectOverrides(props.effects);
  const t = useMessages(props.lang);
  const [stack, dispatch] = useReducer(navigate, undefined, () =>
    initialPages(props.startPath, props.initialPage, props.startParams),
  );
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [alert, setAlert] = useState<OpenAlert | null>(null);
  const [scan, setScan] = useState<ScanRequest | null>(null);
  const [error, setError] = useState<{
    message: string;
    code?: HostErrorCode | undefined;
    retry?: (() => void) | undefined;
  } | null>(null);
  // False once a kept screen is shown because the platform could not be reached; true again when it answers.
  const [online, setOnline] = useState(true);
  const requested = useRef(new Set<number>());
  const onError = useRef(props.onError);
  onError.current = props.onError;
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const top = stack[stack.length - 1]!;
  const appStorage = props.storage;
  const storage = useRef<ValueStore | null>(null);
  storage.current ??= new ValueStore({ storage: {} });
  useEffect(() => {
    // Once per open: what storageSet changes later is written to this copy as well as to the platform.
    if (!appStorage) return;
    const store = storage.current as ValueStore;
    // Asked in a later task: Preact runs this effect just before the kept start screen is drawn, which waits on it.
    const asking = setTimeout(() =>
      appStorage.all().then(
        (all) => store.set(['storage'], { ...all, ...(store.get(['storage']) as object) }),
        () => {}, // without it the app still runs; ${storage.…} reads as empty
      ),
    );
    return () => clearTimeout(asking);
  }, [appStorage]);
  // Layout effects for the strings and the pages: asked as the runtime is committed, not a frame later, so a kept
  // start screen (and its strings with it) is drawn in the same turn as the kept entry that opened the app.
  useLayoutEffect(() => {
    // Once per source: the strings for `${t.key}` in the user's language (hosted apps); without them it reads empty.
    if (!source.strings) return;
    const store = storage.current as ValueStore;
    const show = (answer: { strings: Record<string, string> }) => store.set(['t'], answer.strings);
    source.strings({ newer: show }).then(show, () => {});
  }, [source]);
  // A hosted app's collections: each page loaded reads the aggregates of those it names, and a submit reads them again.
  const collections = source.responses;
  const loadedCollections = useRef(new Set<number>());
  const readAggregates = useCallback(
    async (name: string) => {
      if (!collections) return;
      const store = storage.current as ValueStore;
      try {
        store.set(['responses', name], await collections.aggregates(name));
      } catch {
        // Without them the page still works; ${responses.…} reads as empty.
      }
    },
    [collections],
  );
  useEffect(() => {
    for (const page of stack) {
      if (page.status !== 'ready' || loadedCollections.current.has(page.key)) continue;
      loadedCollections.current.add(page.key);
      for (const name of collectionNames(page.screen)) void readAggregates(name);
    }
  }, [stack, readAggregates]);
  const launch = useMemo<LaunchContext>(
    () => ({ platform: 'web', ...props.launch, colorScheme: schemeShown(props.colorScheme ?? 'light') }),
    [props.launch, props.colorScheme],
  );

  useLayoutEffect(() => {
    for (const page of stack) {
      if (page.status !== 'loading' || requested.current.has(page.key)) continue;
      requested.current.add(page.key);
      const failed = (failure: unknown) => {
        dispatch({ kind: 'failed', key: page.key, error: readableError(failure, t) });
        const error = isHostError(failure) ? failure : new HostError('bad_answer', readableError(failure, t));
        onError.current?.(error);
      };
      // A kept screen is drawn at once; a newer version replaces it in the same page (its state and inputs kept).
      source
        .loadScreen(page.path, page.params, {
          newer: (screen) => dispatch({ kind: 'loaded', key: page.key, screen }),
          reached: setOnline,
          refused: failed,
        })
        .then((screen) => dispatch({ kind: 'loaded', key: page.key, screen }), failed);
    }
  }, [stack, source, t]);

  // The latest overrides, read when an effect runs, so a host passing a new object each render costs nothing.
  const effects = useRef(overrides);
  effects.current = overrides;
  const topLink = pageLink(top);
  const depth = stack.length;
  useEffect(() => {
    // A block, not an expression: whatever the host's function returns must not become this effect's cleanup.
    effects.current.navigate?.({ link: topLink, depth });
  }, [topLink, depth]);

  const toast = useCallback((message: string, durationMs?: number) => {
    if (effects.current.toast) return effects.current.toast(message, durationMs);
    const id = Date.now() + Math.random();
    setToasts((list) => [...list, { id, message }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), durationMs ?? TOAST_MS);
  }, []);

  // The browser's scanner: the camera over the app until a code, a cancel, or the device's deadline for a scan
  // (the call has given up by then; the overlay closes with it and the camera goes off).
  const scanWithCamera = useCallback(
    (formats: readonly CodeFormat[]) =>
      new Promise<ScannedCode | null>((resolve, reject) => {
        const timer = setTimeout(() => request.done(null), HOST_CALL_TIMEOUT_MS.scanCode);
        const request: ScanRequest = {
          formats,
          done: (outcome) => {
            clearTimeout(timer);
            setScan((shown) => (shown === request ? null : shown));
            if (outcome instanceof DeviceFailure) reject(outcome);
            else resolve(outcome);
          },
        };
        setScan(request);
      }),
    [],
  );

  // Effects the host passed (addToCalendar, haptic, scanCode) come first, read when called; then its capabilities, then the
  // browser. Rebuilt only when what is available changes, so `${host.capabilities.…}` stays put between renders.
  const effectHaptic = overrides.haptic !== undefined;
  const effectCalendar = overrides.addToCalendar !== undefined;
  const effectScan = overrides.scanCode !== undefined;
  const { capabilities, mapLink } = props;
  const device = useMemo(() => {
    const fromEffects: Partial<HostCapabilities> = {};
    if (effectCalendar)
      fromEffects.calendar = (event) => effects.current.addToCalendar?.(event) as Promise<void>;
    if (effectHaptic) fromEffects.haptics = (style) => effects.current.haptic?.(style);
    if (effectScan)
      fromEffects.scanCode = (formats) => effects.current.scanCode?.(formats) as Promise<ScannedCode | null>;
    const icsDownload: Partial<HostCapabilities> = {
      calendar: async (event) => {
        downloadText(icsFile(event), icsFileName(event.title), 'text/calendar;charset=utf-8');
        toast(t('calendar.downloaded'));
      },
    };
    // The browser's own fix gives up a second before the renderer would, so its timeout is the one reported.
    const browser = browserDevice({
      mapLink,
      locationTimeoutMs: HOST_CALL_TIMEOUT_MS.location - 1000,
      openUrl: (url) => (effects.current.openUrl ?? openInNewTab)(url),
      scanWithCamera,
    });
    return createDevice(fromEffects, capabilities, icsDownload, browser);
  }, [effectCalendar, effectHaptic, effectScan, capabilities, mapLink, toast, t, scanWithCamera]);

  // Codes shown now that keep the screen on: the first asks keepAwake and brightness, the last lets both go.
  const holds = useRef(0);
  const holdScreen = useCallback(() => {
    const ask = (on: boolean) => {
      // Never awaited, never an error: a host that fails or hangs keeps the code on screen all the same.
      if (device.capabilities.keepAwake) device.call('keepAwake', on).catch(() => {});
      if (device.capabilities.brightness) device.call('brightness', on ? 'max' : 'normal').catch(() => {});
    };
    if (holds.current++ === 0) ask(true);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--holds.current === 0) ask(false);
    };
  }, [device]);

  const env = useMemo<Omit<ActionEnv, 'form'>>(
    () => ({
      openPage: (path, params, replace) => {
        setError(null);
        dispatch({ kind: 'open', path, params, replace });
      },
      back: () => {
        if (stackRef.current.length > 1) dispatch({ kind: 'back' });
        else effects.current.close?.();
      },
      refresh: async () => {
        const current = stackRef.current[stackRef.current.length - 1];
        if (current) dispatch({ kind: 'reload', key: current.key });
      },
      openUrl: (url) => (effects.current.openUrl ?? openInNewTab)(url),
      request: (call) => source.request(call),
      toast,
      alert: (request) =>
        new Promise<boolean>((resolve) =>
          setAlert({
            ...request,
            answer: (confirmed) => {
              setAlert(null);
              resolve(confirmed);
            },
          }),
        ),
      copy: async (text) => {
        if (effects.current.copy) return effects.current.copy(text);
        await copyText(text);
        toast(t('copied'));
      },
      share: async (data) => {
        if (effects.current.share) return effects.current.share(data);
        if ((await shareOrCopy(data)) === 'copied') toast(t('copied'));
      },
      addToCalendar: (event) => device.call('calendar', event),
      haptic: (style) => {
        // Never awaited, never an error: a host's haptics that throw or hang are no reason to stop the chain.
        if (device.capabilities.haptics) device.call('haptics', style).catch(() => {});
      },
      holdScreen,
      device,
      ...(source.document && { fetchDocument: source.document }),
      showError: (message, code, retry) => {
        if (code === 'network_error') setOnline(false);
        setError({ message, code, retry });
      },
      reportError: (failure) => onError.current?.(failure),
      storage: appStorage,
      ...(collections && {
        responses: {
          send: async (name, values, editId, upload) => {
            const stored =
              editId === undefined
                ? await collections.submit(name, values, upload)
                : await collections.edit(name, editId, values, upload);
            await readAggregates(name);
            return stored;
          },
        },
      }),
      t,
    }),
    [source, toast, appStorage, t, device, holdScreen, collections, readAggregates],
  );
  useImperativeHandle(props.ref, () => ({ back: env.back }), [env]);

  return (
    <MessagesContext.Provider value={t}>
      <div className="ma-app" data-color-scheme={props.colorScheme ?? 'light'}>
        {props.title !== undefined && (
          <div className="ma-app-bar">
            <button
              type="button"
              className="ma-app-back"
              aria-label={t('back')}
              onClick={env.back}
              disabled={stack.length === 1 && !overrides.close}
            >
              ←
            </button>
            <span className="ma-app-title">{props.title}</span>
          </div>
        )}
        {!online && <OfflineNote />}
        {error !== null && (
          <ErrorBanner
            message={error.message}
            code={error.code}
            onDismiss={() => setError(null)}
            onRetry={
              error.retry &&
              (() => {
                setError(null);
                error.retry?.();
              })
            }
          />
        )}
        {stack.map((page) => (
          // Pages under the top stay mounted (hidden) so their inputs and scroll survive a round trip; `data-status`
          // (loading, ready, failed) lets a host or a benchmark see when a page is drawn.
          <div
            key={page.key}
            className="ma-page"
            hidden={page !== top}
            data-page={page.path}
            data-status={page.status}
          >
            {page.status === 'loading' && <p className="ma-loading">{t('loading')}</p>}
            {page.status === 'failed' && (
              <div className="ma-page-error" role="alert">
                <p>{t('page.failed', { reason: page.error ?? '' })}</p>
                <button
                  type="button"
                  className="ma-button ma-button-secondary"
                  onClick={() => dispatch({ kind: 'reload', key: page.key })}
                >
                  {t('tryAgain')}
                </button>
              </div>
            )}
            {page.status === 'ready' && (
              <ScreenRenderer
                screen={page.screen}
                mode={props.mode}
                env={env}
                storage={storage.current as ValueStore}
                params={page.params}
                launch={launch}
              />
            )}
          </div>
        ))}
        <Toasts toasts={toasts} />
        {alert && <AlertDialog alert={alert} />}
        {scan && <CameraScanner request={scan} />}
      </div>
    </MessagesContext.Provider>
  );
}
