// The development push inbox in this browser: its web-dev device, the pushes polled while the page is visible, and
// the browser's notification for each new one.
import type { InboxItem } from '@miniapps/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { pages } from '../api/paths.js';
import { useLanguage } from '../i18n/language.js';
import { navigateTo } from '../router.js';
import { useSignedIn } from '../session.js';

/** How often the inbox is read while the page is visible. */
const POLL_MS = 3000;
/** The newest pushes the list shows. */
const SHOWN = 50;
/** How the web client names itself on its devices (the console's device list shows it). */
const CLIENT_APP = 'miniapps-web';

export interface Inbox {
  items: InboxItem[] | undefined;
  unread: number;
  error: unknown;
  /** This browser's web-dev device is registered (for this user). */
  receiving: boolean;
  /** Registers this browser (asking to show notifications first) or unregisters it. */
  setReceiving(on: boolean): Promise<void>;
  /** What the browser lets the page do with notifications ('unsupported' without the Notification API). */
  permission: NotificationPermission | 'unsupported';
  markRead(): Promise<void>;
  clear(): Promise<void>;
  /** The last new push, for the live region ("New notification: …"). */
  announced: InboxItem | undefined;
}

/** The client page a push opens: the app, at the push's screen when it names one. */
export function pushTarget(item: Pick<InboxItem, 'app' | 'page'>): string {
  const app = pages.app(item.app.organizationId, item.app.slug);
  return item.page === null ? app : `${app}?page=${encodeURIComponent(item.page)}`;
}

const InboxContext = createContext<Inbox | null>(null);

/** The inbox, or null where it is off (production, or no signed-in user). */
export function useInbox(): Inbox | null {
  return useContext(InboxContext);
}

const permissionNow = (): Inbox['permission'] =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

export function InboxProvider({ children }: { children: ReactNode }) {
  const { api, host, user } = useSignedIn();
  const { t } = useLanguage();
  // The device's token is this browser's, per user: another account signing in here registers its own.
  const storageKey = `miniapps.inbox.${user.id}`;
  const [token, setToken] = useState(() => localStorage.getItem(storageKey));
  const [state, setState] = useState<{ items?: InboxItem[]; unread: number; error?: unknown }>({ unread: 0 });
  const [permission, setPermission] = useState(permissionNow);
  const [announced, setAnnounced] = useState<InboxItem | undefined>();
  const seen = useRef<Set<string> | undefined>(undefined);
  const receiving = token !== null;

  const load = useCallback(async () => {
    try {
      const page = await api.request('GET /api/v1/me/inbox', { query: { limit: SHOWN } });
      setState({ items: page.items, unread: page.unread });
      const known = seen.current;
      seen.current = new Set(page.items.map((item) => item.id));
      // Pushes that arrived since the last look (none on the first: those are not news).
      if (!known) return;
      const fresh = page.items.filter((item) => !known.has(item.id));
      if (fresh.length === 0) return;
      setAnnounced(fresh[0]);
      if (receiving && permissionNow() === 'granted') {
        for (const item of fresh.reverse()) {
          const shown = new Notification(item.title, { body: item.body, tag: item.id });
          shown.onclick = () => {
            window.focus();
            navigateTo(pushTarget(item));
          };
        }
      }
    } catch (error) {
      setState((previous) => ({ ...previous, error }));
    }
  }, [api, receiving]);

  // A device the platform no longer has (removed elsewhere, or dropped as a 21st device) is not receiving.
  useEffect(() => {
    if (token === null) return;
    let current = true;
    host.devices.list().then(
      (devices) => {
        if (current && !devices.some((d) => d.platform === 'web-dev' && d.token === token)) {
          localStorage.removeItem(storageKey);
          setToken(null);
        }
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [host, token, storageKey]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState === 'visible') await load();
      if (!stopped) timer = setTimeout(tick, POLL_MS);
    };
    void tick();
    // Back to a tab: read at once rather than at the next tick.
    const onVisible = () => document.visibilityState === 'visible' && void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  const setReceiving = useCallback(
    async (on: boolean) => {
      if (on) {
        // Asked on the user's click, as browsers require; a refusal still keeps the list in the page.
        if (typeof Notification !== 'undefined' && Notification.permission === 'default')
          setPermission(await Notification.requestPermission());
        const value = token ?? `web-dev-${crypto.randomUUID()}`;
        await host.devices.register({ platform: 'web-dev', token: value, clientApp: CLIENT_APP });
        localStorage.setItem(storageKey, value);
        setToken(value);
      } else if (token !== null) {
        await host.devices.remove({ platform: 'web-dev', token });
        localStorage.removeItem(storageKey);
        setToken(null);
      }
    },
    [host, token, storageKey],
  );

  const markRead = useCallback(async () => {
    await api.request('POST /api/v1/me/inbox/read');
    await load();
  }, [api, load]);
  const clear = useCallback(async () => {
    await api.request('DELETE /api/v1/me/inbox');
    await load();
  }, [api, load]);

  const value: Inbox = {
    items: state.items,
    unread: state.unread,
    error: state.error,
    receiving,
    setReceiving,
    permission,
    markRead,
    clear,
    announced,
  };
  return (
    <InboxContext.Provider value={value}>
      {children}
      {/* Said by screen readers as a push arrives, whichever page is open. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced ? t('inbox.arrived', { title: announced.title }) : ''}
      </p>
    </InboxContext.Provider>
  );
}
