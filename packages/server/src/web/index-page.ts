// The client's index.html with the platform's public settings filled in, re-read only when the build changes.
import { readFileSync, statSync } from 'node:fs';

/** What the client needs to know before its first API call. */
export interface ClientSettings {
  /** `development` shows unknown widgets as placeholders; `production` hides them. */
  env: 'development' | 'production' | 'test';
  /** Whether the sign-in page offers the dev login. */
  devLogin: boolean;
  /** Whether the development push inbox (`web-dev` devices, /api/v1/me/inbox) is on: the dev login's switch. */
  devInbox: boolean;
  /** OpenID Connect sign-in ("Sign in with {displayName}" → /auth/login, then a cookie session); null when off. */
  oidc: { displayName: string } | null;
  /** openMap's link where a host has no map (MAP_LINK_TEMPLATE). */
  mapLink: string;
}

const SETTINGS_TAG = /<meta name="miniapps-config" content="[^"]*"\s*\/?>/;

function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

export interface IndexPage {
  /** The page, or undefined while the client is not built. */
  read(): string | undefined;
}

export function indexPage(file: string, settings: ClientSettings): IndexPage {
  const tag = `<meta name="miniapps-config" content="${escapeAttribute(JSON.stringify(settings))}" />`;
  let cached: { mtimeMs: number; html: string } | undefined;
  return {
    read() {
      const stat = statSync(file, { throwIfNoEntry: false });
      if (!stat) return undefined;
      if (cached?.mtimeMs !== stat.mtimeMs) {
        cached = { mtimeMs: stat.mtimeMs, html: readFileSync(file, 'utf8').replace(SETTINGS_TAG, tag) };
      }
      return cached.html;
    },
  };
}
