// Prefetch: the apps this user opened last, remembered per user, and their icons, entries and start screens put
// into the host kit's cache while the page is idle, so the next open draws at once (and offline).
import type { AppHost, CatalogEntry } from '@miniapps/host';

/** How many of the apps opened last are prefetched. */
export const PREFETCH_RECENT = 3;

const key = (userId: string) => `miniapps.recent.${userId}`;

/** The apps the user opened, the latest first (`org/slug`), at most PREFETCH_RECENT. */
export function recentApps(userId: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item) => typeof item === 'string').slice(0, PREFETCH_RECENT)
      : [];
  } catch {
    return [];
  }
}

export function rememberOpened(userId: string, app: string): void {
  const list = [app, ...recentApps(userId).filter((item) => item !== app)].slice(0, PREFETCH_RECENT);
  try {
    localStorage.setItem(key(userId), JSON.stringify(list));
  } catch {
    // A full or refused storage: nothing is prefetched, nothing breaks.
  }
}

type Idle = (run: () => void) => () => void;

/** When the page has nothing else to do: requestIdleCallback where there is one, else a moment after load. */
const whenIdle: Idle = (run) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
};

/**
 * Once idle: the icons of the catalog shown, and for the apps opened last their catalog entry, consent, strings and
 * start screen (in the language they open in). Every failure is ignored: a prefetch never shows. Returns a cancel.
 */
export function prefetchWhenIdle(
  host: AppHost,
  shown: readonly CatalogEntry[],
  userId: string,
  locale: string,
  idle: Idle = whenIdle,
): () => void {
  return idle(() => {
    for (const entry of shown) {
      if (entry.icon) new Image().src = entry.icon;
    }
    for (const app of recentApps(userId)) {
      void (async () => {
        const entry = await host.catalog.get(app);
        if (entry.icon) new Image().src = entry.icon;
        await host.consent.get(app);
        const source = host.proxy.source(app, { launchSource: 'catalog', locale });
        await Promise.all([source.loadScreen(entry.startPath), source.strings?.()]);
      })().catch(() => {});
    }
  });
}
