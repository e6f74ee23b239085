// A small history router: the address bar is the state; links and navigate() push entries, back pops them.
import { type MouseEvent, type ReactNode, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

const snapshot = () => window.location.pathname + window.location.search;

// A page with unsaved work asks before the client's own links or Back take the user away (the browser's
// `beforeunload` covers only leaving the document, which these never do).
const leaveGuards = new Set<() => boolean>();
const mayLeave = () => [...leaveGuards].every((ask) => ask());
/** While registered, `ask` is asked before any in-app navigation; it answers whether to leave. Returns the release. */
export function guardLeaving(ask: () => boolean): () => void {
  leaveGuards.add(ask);
  return () => leaveGuards.delete(ask);
}

let shown = typeof window === 'undefined' ? '/' : snapshot();
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    // Back already moved the address: staying puts the page's address back on top.
    if (snapshot() !== shown && !mayLeave()) {
      window.history.pushState(null, '', shown);
      return;
    }
    shown = snapshot();
    notify();
  });
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (!mayLeave()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  shown = snapshot();
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface Location {
  path: string;
  query: URLSearchParams;
}

export function useLocation(): Location {
  const href = useSyncExternalStore(subscribe, snapshot, () => '/');
  const url = new URL(href, 'http://client.invalid');
  return { path: url.pathname, query: url.searchParams };
}

/** The parameters of a path against a pattern such as `/apps/:org/:slug`, or null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  if (path === '/' && pattern === '/') return {};
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = have[index] ?? '';
    if (part.startsWith(':')) {
      if (!actual) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (part !== actual) return null;
  }
  return params;
}

export function Link(props: {
  to: string;
  children: ReactNode;
  className?: string | undefined;
  'aria-current'?: 'page' | undefined;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle new tabs and windows.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateTo(props.to);
  };
  return (
    <a href={props.to} className={props.className} onClick={onClick} aria-current={props['aria-current']}>
      {props.children}
    </a>
  );
}
