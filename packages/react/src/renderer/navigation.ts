// The page stack of a running mini-app as a pure reducer: open, replace, back, loaded, failed.
import { isLocalPath } from './field-values.js';

export interface Page {
  /** Unique per opened page, so a reopened path gets fresh state. */
  key: number;
  path: string;
  params: Record<string, string> | undefined;
  status: 'loading' | 'ready' | 'failed';
  screen?: unknown;
  error?: string;
}

export type NavigationEvent =
  | { kind: 'open'; path: string; params: Record<string, string> | undefined; replace: boolean }
  | { kind: 'back' }
  | { kind: 'reload'; key: number }
  | { kind: 'loaded'; key: number; screen: unknown }
  | { kind: 'failed'; key: number; error: string };

let nextKey = 1;

function newPage(path: string, params: Record<string, string> | undefined): Page {
  return { key: nextKey++, path, params, status: 'loading' };
}

/** Splits a page link such as `/menu?day=mon` into its path and query parameters. */
export function parsePageLink(link: string): { path: string; params: Record<string, string> | undefined } {
  const [path = '/', query] = link.split(/\?(.*)/s, 2);
  if (!query) return { path, params: undefined };
  return { path, params: Object.fromEntries(new URLSearchParams(query)) };
}

/** A page link back from a path and its parameters (for the address bar's `?page=`). */
export function pageLink(page: Pick<Page, 'path' | 'params'>): string {
  const query = new URLSearchParams(page.params ?? {}).toString();
  return query ? `${page.path}?${query}` : page.path;
}

/**
 * The first pages of an app: its start page, and a deep-linked page over it (so back leads to the start).
 * A deep link that is not a valid app path is ignored.
 */
export function initialPages(
  startPath: string,
  deepLink: string | undefined,
  startParams?: Record<string, string>,
): Page[] {
  const start = newPage(
    startPath,
    startParams && Object.keys(startParams).length > 0 ? startParams : undefined,
  );
  if (deepLink === undefined || !isLocalPath(deepLink)) return [start];
  const target = parsePageLink(deepLink);
  if (target.path === startPath && target.params === undefined && start.params === undefined) return [start];
  return [start, newPage(target.path, target.params)];
}

export function navigate(stack: Page[], event: NavigationEvent): Page[] {
  switch (event.kind) {
    case 'open': {
      const page = newPage(event.path, event.params);
      return event.replace ? [...stack.slice(0, -1), page] : [...stack, page];
    }
    case 'back':
      return stack.length > 1 ? stack.slice(0, -1) : stack;
    case 'reload':
      return stack.map((page) => (page.key === event.key ? newPage(page.path, page.params) : page));
    case 'loaded':
      return stack.map((page) =>
        page.key === event.key ? { ...page, status: 'ready', screen: event.screen } : page,
      );
    case 'failed':
      return stack.map((page) =>
        page.key === event.key ? { ...page, status: 'failed', error: event.error } : page,
      );
  }
}
