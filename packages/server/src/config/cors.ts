// CORS_ORIGINS: the web origins whose pages may call the client endpoints (an embedded <miniapp-view>).
import type { KnownEnv } from './variables.js';

/** `any` reflects every origin (development's default, or `*`); a list allows exactly those origins. */
export type CorsOrigins = 'any' | readonly string[];

/**
 * Comma-separated origins (`https://uni.example,http://localhost:5173`), each a scheme and host with an optional
 * port and nothing else, or `*`. Unset: every origin in development (a host page on another port just works),
 * none otherwise.
 */
export function parseCorsOrigins(env: KnownEnv, development: boolean, problems: string[]): CorsOrigins {
  const raw = env.CORS_ORIGINS?.trim();
  if (raw === undefined || raw === '') return development ? 'any' : Object.freeze([]);
  if (raw === '*') return 'any';
  const origins: string[] = [];
  for (const item of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    const bare =
      url !== undefined &&
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.pathname === '/' &&
      !item.endsWith('//') &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      url.password === '';
    if (!url || !bare) {
      problems.push(
        `CORS_ORIGINS: "${item}" is not an origin (scheme, host and optional port, e.g. https://uni.example)`,
      );
      continue;
    }
    origins.push(url.origin);
  }
  return Object.freeze(origins);
}
