// Remote screens' caching: the origin's Cache-Control made private and bounded, its ETag given to each user apart.
import type { IncomingHttpHeaders } from 'node:http';
import { MAX_ORIGIN_CACHE_SECONDS } from '@miniapps/contract';
import { type AnswerCache, isEntityTag, listedTags } from '../../http/cacheable.js';

/** What every proxied answer says unless it is one of the cacheable ones. */
export const NO_STORE = 'private, no-store';

/**
 * What a remote screen depends on of the request: the user (their token), and what the origin is sent of it — the
 * language, a preview's head configuration, the launch's start parameter and source (proxy/steps/launch-headers.ts).
 */
export const REMOTE_SCREEN_VARY =
  'Authorization, Accept-Language, X-Miniapps-Preview, X-Miniapps-Start-Param, X-Miniapps-Launch-Source';

const MAX_AGE = /^max-age\s*=\s*"?(\d+)"?$/;

/**
 * The proxy's Cache-Control for a remote screen the origin answered with `value`: always `private` (the origin saw
 * the user's identity headers); `no-cache` when it says so (or gives a `max-age` that is not a number, which
 * RFC 9111 reads as stale); `max-age` at most MAX_ORIGIN_CACHE_SECONDS; and `no-store` when it says that, says
 * nothing, or gives no freshness at all (`public` alone): a browser's heuristic freshness is no consent to cache.
 * Nothing else of the origin's directives is passed on (`s-maxage`, `stale-while-revalidate`, …).
 */
export function boundedCacheControl(value: string | string[] | undefined): string {
  if (value === undefined) return NO_STORE;
  const directives = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((part) => part.trim().toLowerCase());
  if (directives.includes('no-store')) return NO_STORE;
  if (directives.some((part) => part === 'no-cache' || part.startsWith('no-cache=')))
    return 'private, no-cache';
  let seconds: number | undefined;
  for (const part of directives) {
    if (!part.startsWith('max-age')) continue;
    const digits = MAX_AGE.exec(part)?.[1];
    if (digits === undefined) return 'private, no-cache';
    // Given twice, the shorter holds.
    seconds = Math.min(seconds ?? Number.POSITIVE_INFINITY, Number(digits));
  }
  if (seconds === undefined) return NO_STORE;
  return `private, max-age=${Math.min(seconds, MAX_ORIGIN_CACHE_SECONDS)}`;
}

/**
 * How a remote screen may be kept: the bounded Cache-Control, and the origin's ETag (when it is one) with `mark`
 * put before its opaque part. The mark is an HMAC of the user, the app, its origin and the identity the origin is
 * sent (pipeline.ts), so the tag one user holds is never another's, even when the origin gives every user the same.
 */
export function remoteScreenCache(headers: IncomingHttpHeaders, mark: string): AnswerCache {
  const etag = headers.etag;
  return {
    cacheControl: boundedCacheControl(headers['cache-control']),
    etag: isEntityTag(etag) ? markedTag(etag, mark) : undefined,
    vary: REMOTE_SCREEN_VARY,
  };
}

function markedTag(etag: string, mark: string): string {
  const weak = etag.startsWith('W/');
  return `${weak ? 'W/' : ''}"${mark}.${etag.slice(weak ? 3 : 1)}`;
}

/**
 * The If-None-Match to send the origin: of the client's tags, those made under this `mark`, as the origin made them
 * (`*` as it is); undefined when none is, so another user's tag, or one from before a change of the user's identity
 * or the app's origin, gets the whole screen.
 */
export function originCondition(header: string | string[] | undefined, mark: string): string | undefined {
  const listed = listedTags(header);
  if (listed === undefined) return undefined;
  if (listed === '*') return '*';
  const prefix = `"${mark}.`;
  const own = new Set<string>();
  for (const tag of listed) if (tag.startsWith(prefix)) own.add(`"${tag.slice(prefix.length)}`);
  return own.size === 0 ? undefined : [...own].join(', ');
}
