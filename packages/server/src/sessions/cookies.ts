// The cookies of browser sign-in: the session (names a server-side row) and the login in progress, read and written.
import { timingSafeEqual } from 'node:crypto';

export interface CookieNames {
  /** httpOnly, SameSite=Lax, Secure over https: scripts cannot read it, other sites cannot send it with a write. */
  session: string;
  /** The login in progress (state, nonce, PKCE verifier), sealed, for ten minutes and only on /auth/. */
  login: string;
}

/**
 * Over https the names carry the browser's prefixes: `__Host-` (Secure, Path=/, no Domain) and `__Secure-`, so a
 * sibling subdomain (a university has many) cannot plant a cookie of the same name for this host to read.
 */
export function cookieNames(secure: boolean): CookieNames {
  return secure
    ? { session: '__Host-miniapps_session', login: '__Secure-miniapps_login' }
    : { session: 'miniapps_session', login: 'miniapps_login' };
}

/** Cookie-authenticated writes carry the session's CSRF token here (a cross-site form cannot set a header). */
export const CSRF_HEADER = 'x-csrf-token';

/** The CSRF header sent equals the session's token (compared in constant time). */
export function csrfMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A cookie's value from a Cookie header; the first when a name repeats. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value.length > 0 && value.length <= 4096 ? value : undefined;
  }
  return undefined;
}

export interface CookieOptions {
  secure: boolean;
  /** Seconds; 0 removes the cookie. */
  maxAge: number;
  path?: string;
}

/** A Set-Cookie value; the values written here are base64url, so they need no quoting. */
export function cookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${options.maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
