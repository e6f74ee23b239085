// The signed-in user: the token kept in local storage, the profile from /me, and a platform host bound to both.

import { type Api, createHost, type Host, type Http, type User } from '@miniapps/host';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type Language, useLanguage } from './i18n/language.js';

const TOKEN_KEY = 'miniapps.token';

export interface Session {
  user: User | null;
  /** True until the stored token has been checked. */
  loading: boolean;
  /** The platform's typed calls (catalog, consent, proxy) for this user. */
  host: Host;
  /** The platform's API, typed by @miniapps/contract. */
  api: Api;
  /** Plain calls, for the organization routes not yet in the contract. */
  http: Http;
  signIn(token: string, user: User): void;
  signOut(): void;
}

/**
 * The platform this page was served by, with the user's token; a 401 on a signed-in call ends the session. Each call
 * asks for the page's language, which may differ from the browser's (the user's choice in settings), so the
 * platform's error messages and the apps behind the proxy answer in it.
 */
export function platformHost(token: string | null, language: Language, onUnauthorized?: () => void): Host {
  const speaking: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    // An app opened in another language (the renderer's locale) keeps its own.
    if (!headers.has('accept-language')) headers.set('accept-language', language);
    return fetch(input, { ...init, headers });
  };
  return createHost({
    baseUrl: window.location.origin,
    getToken: () => token,
    storage: localStorage,
    fetch: speaking,
    ...(onUnauthorized && { onUnauthorized }),
  });
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => localStorage.getItem(TOKEN_KEY));
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(token !== null);

  const signOut = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setUser(null);
  }, []);
  const signIn = useCallback((next: string, nextUser: User) => {
    localStorage.setItem(TOKEN_KEY, next);
    setToken(next);
    setUser(nextUser);
  }, []);
  const { language } = useLanguage();
  const host = useMemo(() => platformHost(token, language, signOut), [token, language, signOut]);
  const { api, http } = host;

  useEffect(() => {
    if (!token || user) return setLoading(false);
    let current = true;
    api
      .request('GET /api/v1/me')
      .then((answer) => current && setUser(answer.user))
      .catch(() => current && signOut())
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, token, user, signOut]);

  const session = useMemo(
    () => ({ user, loading, host, api, http, signIn, signOut }),
    [user, loading, host, api, http, signIn, signOut],
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
