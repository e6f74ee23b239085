// The signed-in user: a cookie session (OpenID Connect sign-in) or a dev-login token, the profile, and a platform host bound to it.

import { type Api, createHost, type Host, type Http, isHostError, type User } from '@miniapps/host';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { clientSettings } from './client-settings.js';
import { type Language, useLanguage } from './i18n/language.js';

/** The dev login's token (the embedded default only); a cookie session keeps nothing in the page. */
const TOKEN_KEY = 'miniapps.token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface Session {
  user: User | null;
  /** True until the stored token (or the session cookie) has been checked. */
  loading: boolean;
  /** The cookie session ended on its own (idle, too old, refused by the IdP): the sign-in page says so. */
  ended: boolean;
  /** The platform could not be reached to check the session (offline): nothing is forgotten, the check runs again. */
  unreachable: boolean;
  /** Checks the session again (also done by itself when the browser is back online). */
  retry(): void;
  /** The platform's typed calls (catalog, consent, proxy) for this user. */
  host: Host;
  /** The platform's API, typed by @miniapps/contract. */
  api: Api;
  /** Plain calls, for the organization routes not yet in the contract. */
  http: Http;
  /**
   * A GET of a platform URL whose answer is read as it arrives (an export, a file): the user's credentials and the
   * page's language, the Response as fetch gives it; a 401 ends the session as other calls do.
   */
  fetchFile(url: string, signal?: AbortSignal): Promise<Response>;
  signIn(token: string, user: User): void;
  signOut(): void;
}

/**
 * The platform this page was served by, with the user's token; a 401 on a signed-in call ends the session. Each call
 * asks for the page's language, which may differ from the browser's (the user's choice in settings), so the
 * platform's error messages and the apps behind the proxy answer in it.
 */
export function platformHost(
  token: string | null,
  language: Language,
  onUnauthorized?: () => void,
  csrfToken?: string | null,
  cacheUser?: () => string | null,
): Host {
  const speaking: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    // An app opened in another language (the renderer's locale) keeps its own.
    if (!headers.has('accept-language')) headers.set('accept-language', language);
    const cookieCall = csrfToken != null && !headers.has('authorization');
    // The session cookie travels by itself; a write also shows the session's CSRF token (server: auth/authenticate.ts).
    if (cookieCall && !SAFE_METHODS.has((init?.method ?? 'GET').toUpperCase())) {
      headers.set('x-csrf-token', csrfToken);
    }
    const response = await fetch(input, { ...init, headers, credentials: 'include' });
    if (cookieCall && response.status === 401) onUnauthorized?.();
    return response;
  };
  return createHost({
    baseUrl: window.location.origin,
    getToken: () => token,
    storage: localStorage,
    fetch: speaking,
    ...(onUnauthorized && { onUnauthorized }),
    // A cookie session has no token to name the user: the apps' kept screens are keyed by the signed-in user's id.
    ...(cacheUser && { cacheUser }),
  });
}

const SessionContext = createContext<Session | null>(null);

interface CookieSession {
  user: User;
  csrfToken: string;
}

/** The browser's cookie session, if it has one (no token is ever handed to the page). */
async function readCookieSession(language: Language): Promise<CookieSession | null> {
  const response = await fetch('/auth/session', {
    credentials: 'include',
    headers: { accept: 'application/json', 'accept-language': language },
  });
  if (!response.ok) return null;
  return (await response.json()) as CookieSession;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => localStorage.getItem(TOKEN_KEY));
  const [csrfToken, setCsrfToken] = useState<string | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [ended, setEnded] = useState(false);
  const [loading, setLoading] = useState(token !== null || clientSettings.oidc !== null);
  const [unreachable, setUnreachable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setUnreachable(false);
    setLoading(true);
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    if (!unreachable) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [unreachable, retry]);

  const userId = useRef<string | null>(null);
  userId.current = user?.id ?? null;
  const hostRef = useRef<Host | null>(null);
  const signOut = useCallback(() => {
    // What was kept of the apps for this user is forgotten with the session.
    void hostRef.current?.clearCache();
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setUser(null);
  }, []);
  /** The cookie session ended by itself: the page forgets the user and the sign-in page says why. */
  const sessionEnded = useCallback(() => {
    setCsrfToken(null);
    setUser(null);
    setEnded(true);
  }, []);
  const signOutEverywhere = useCallback(() => {
    if (csrfToken === null) return signOut();
    void hostRef.current?.clearCache();
    // The platform ends the session, then the browser goes to the IdP to end its own (RP-initiated logout).
    void fetch('/auth/logout', {
      method: 'POST',
      credentials: 'include',
      headers: { 'x-csrf-token': csrfToken },
    })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ redirect: string }>) : { redirect: '/' },
      )
      .catch(() => ({ redirect: '/' }))
      .then(({ redirect }) => {
        setCsrfToken(null);
        setUser(null);
        window.location.assign(redirect);
      });
  }, [csrfToken, signOut]);
  const signIn = useCallback((next: string, nextUser: User) => {
    localStorage.setItem(TOKEN_KEY, next);
    setToken(next);
    setUser(nextUser);
  }, []);
  const { language } = useLanguage();
  const host = useMemo(
    () =>
      platformHost(
        token,
        language,
        csrfToken === null ? signOut : sessionEnded,
        csrfToken,
        () => userId.current,
      ),
    [token, language, signOut, sessionEnded, csrfToken],
  );
  hostRef.current = host;
  const { api, http } = host;
  const fetchFile = useCallback(
    async (url: string, signal?: AbortSignal) => {
      const headers: Record<string, string> = { accept: '*/*', 'accept-language': language };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(url, { headers, credentials: 'include', ...(signal && { signal }) });
      if (response.status === 401) (csrfToken === null ? signOut : sessionEnded)();
      return response;
    },
    [token, language, csrfToken, signOut, sessionEnded],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is a retry: the check runs again
  useEffect(() => {
    if (token || user || clientSettings.oidc === null) return;
    let current = true;
    readCookieSession(language)
      .then((session) => {
        if (!current || !session) return;
        setCsrfToken(session.csrfToken);
        setUser(session.user);
      })
      .catch(() => current && setUnreachable(true))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [token, user, language, attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is a retry: the check runs again
  useEffect(() => {
    if (!token || user) {
      // Without a token the cookie session's check (above) ends the loading, when there is one to check.
      if (token || clientSettings.oidc === null) setLoading(false);
      return;
    }
    let current = true;
    api
      .request('GET /api/v1/me')
      .then((answer) => current && setUser(answer.user))
      .catch((error: unknown) => {
        if (!current) return;
        // Offline is not signed out: the token stays, and the check runs again with the network.
        if (isHostError(error) && error.code === 'network_error') setUnreachable(true);
        else signOut();
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, token, user, signOut, attempt]);

  const session = useMemo(
    () => ({
      user,
      loading,
      ended,
      unreachable,
      retry,
      host,
      api,
      http,
      fetchFile,
      signIn,
      signOut: signOutEverywhere,
    }),
    [user, loading, ended, unreachable, retry, host, api, http, fetchFile, signIn, signOutEverywhere],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The session of a page that requires a user (the shell shows sign-in otherwise). */
export function useSignedIn(): Session & { user: User } {
  const session = useSession();
  if (!session.user) throw new Error('useSignedIn on a page without a user');
  return session as Session & { user: User };
}

export function isModerator(user: User | null): boolean {
  return user?.roles.includes('moderator') ?? false;
}
