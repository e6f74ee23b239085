// Which of the client's own headers reach the origin: a short allow-list, never credentials or X-Platform-*.
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Only what an app needs to read a request: the body's type and the user's language. Authorization,
 * cookies, the client's X-Platform-* (forged identity), forwarding and hop-by-hop headers all stay
 * behind, because the list names what passes rather than what is stripped.
 */
const FORWARDED = ['accept-language', 'content-type'] as const;
/** Longer values are dropped, not cut: a cut content type or language tag would mislead. */
export const MAX_CLIENT_HEADER_VALUE = 256;

/** The client's headers that pass, as a flat name-value list, or undefined when none does (most GETs). */
export function clientHeaders(incoming: IncomingHttpHeaders, withBody: boolean): string[] | undefined {
  let headers: string[] | undefined;
  for (const name of FORWARDED) {
    if (name === 'content-type' && !withBody) continue;
    const value = incoming[name];
    if (typeof value === 'string' && value.length <= MAX_CLIENT_HEADER_VALUE) {
      headers ??= [];
      headers.push(name, value);
    }
  }
  return headers;
}

/** Headers the proxy itself sets on every origin request. */
export const PROXY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  accept: 'application/json',
  // Answers come uncompressed, so the 512 KB cap is on real bytes; a compressed answer anyway is
  // inflated under the same cap (check-answer.ts).
  'accept-encoding': 'identity',
  'user-agent': 'miniapps-proxy/1',
});
