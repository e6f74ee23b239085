// A running mini-app: its page stack loaded through a host, the actions' surroundings and their overlays.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ActionEnv } from './action-env.js';
import { readableError } from './actions.js';
import { copyText, openInNewTab, shareOrCopy } from './browser-env.js';
import type { MiniAppHost, RenderMode } from './host.js';
import { initialPages, navigate, pageLink } from './navigation.js';
import { AlertDialog, ErrorBanner, type OpenAlert, type Toast, Toasts } from './overlays.js';
import { ScreenRenderer } from './screen-renderer.js';

export interface MiniAppRuntimeProps {
  host: MiniAppHost;
  /** The app's start path, the bottom of the page stack. */
  startPath: string;
  /** A deep link (`?page=/path` of a push tap): opened over the start page. */
  initialPage?: string | undefined;
  mode: RenderMode;
  /** Told the link of the page on top after every move, e.g. to keep `?page=` in the address bar. */
  onNavigate?: (link: string) => void;
  /** Back on the first page: leave the app. */
  onExit?: () => void;
  /** Shown above the pages (the app name); no bar without it. */
  title?: string;
}

const TOAST_MS = 3000;

export function MiniAppRuntime(props: MiniAppRuntimeProps) {
  const { host, onNavigate, onExit } = props;
  const [stack, dispatch] = useReducer(navigate, undefined, () =>
    initialPages(props.startPath, props.initialPage),
  );
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [alert, setAlert] = useState<OpenAlert | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requested = useRef(new Set<number>());
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const top = stack[stack.length - 1]!;

  useEffect(() => {
    for (const page of stack) {
      if (page.status !== 'loading' || requested.current.has(page.key)) continue;
      requested.current.add(page.key);
      host.loadScreen(page.path, page.params).then(
        (screen) => dispatch({ kind: 'loaded', key: page.key, screen }),
        (failure: unknown) => dispatch({ kind: 'failed', key: page.key, error: readableError(failure) }),
      );
    }
  }, [stack, host]);

  const topLink = pageLink(top);
  useEffect(() => onNavigate?.(topLink), [topLink, onNavigate]);

  const toast = useCallback((message: string, durationMs?: number) => {
    const id = Date.now() + Math.random();
    setToasts((list) => [...list, { id, message }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), durationMs ?? TOAST_MS);
  }, []);

  const env = useMemo<Omit<ActionEnv, 'form'>>(
    () => ({
      openPage: (path, params, replace) => {
        setError(null);
        dispatch({ kind: 'open', path, params, replace });
      },
      back: () => {
        if (stackRef.current.length > 1) dispatch({ kind: 'back' });
        else onExit?.();
      },
      refresh: async () => {
        const current = stackRef.current[stackRef.current.length - 1];
        if (current) dispatch({ kind: 'reload', key: current.key });
      },
      openUrl: (url) => openInNewTab(url),
      request: (call) => host.request(call),
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
        await copyText(text);
        toast('Copied to the clipboard');
      },
      share: async (data) => {
        if ((await shareOrCopy(data)) === 'copied') toast('Copied to the clipboard');
      },
      showError: setError,
    }),
    [host, toast, onExit],
  );

  return (
    <div className="ma-app">
      {props.title !== undefined && (
        <div className="ma-app-bar">
          <button
            type="button"
            className="ma-app-back"
            aria-label="Back"
            onClick={env.back}
            disabled={stack.length === 1 && !onExit}
          >
            ←
          </button>
          <span className="ma-app-title">{props.title}</span>
        </div>
      )}
      {error !== null && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
      {stack.map((page) => (
        // Pages under the top stay mounted (hidden) so their inputs and scroll survive a round trip.
        <div key={page.key} className="ma-page" hidden={page !== top} data-page={page.path}>
          {page.status === 'loading' && <p className="ma-loading">Loading…</p>}
          {page.status === 'failed' && (
            <div className="ma-page-error" role="alert">
              <p>This page could not be opened: {page.error}</p>
              <button
                type="button"
                className="ma-button ma-button-secondary"
                onClick={() => dispatch({ kind: 'reload', key: page.key })}
              >
                Try again
              </button>
            </div>
          )}
          {page.status === 'ready' && <ScreenRenderer screen={page.screen} mode={props.mode} env={env} />}
        </div>
      ))}
      <Toasts toasts={toasts} />
      {alert && <AlertDialog alert={alert} />}
    </div>
  );
}
