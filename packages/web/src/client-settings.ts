// The platform's settings for this page, filled into index.html by the server.

export interface ClientSettings {
  env: 'development' | 'production' | 'test';
  devLogin: boolean;
  /** The development push inbox (the bell in the bar); off in production. */
  devInbox: boolean;
  /** Sign-in with the university's identity provider (a cookie session, no token in the page); null when off. */
  oidc: { displayName: string } | null;
  /** openMap's link where the host has no map (the platform's MAP_LINK_TEMPLATE); the renderer's default without it. */
  mapLink?: string | undefined;
}

export function readClientSettings(): ClientSettings {
  const tag = document.querySelector('meta[name="miniapps-config"]');
  let parsed: Partial<ClientSettings> = {};
  try {
    parsed = JSON.parse(tag?.getAttribute('content') ?? '{}') as Partial<ClientSettings>;
  } catch {
    // A page served without the platform (vite dev) has no settings: development defaults.
  }
  return {
    env: parsed.env ?? 'development',
    devLogin: parsed.devLogin ?? true,
    devInbox: parsed.devInbox ?? false,
    oidc: parsed.oidc ?? null,
    mapLink: typeof parsed.mapLink === 'string' ? parsed.mapLink : undefined,
  };
}

/** This page's settings, read once. */
export const clientSettings: ClientSettings =
  typeof document === 'undefined'
    ? { env: 'development', devLogin: true, devInbox: false, oidc: null }
    : readClientSettings();
