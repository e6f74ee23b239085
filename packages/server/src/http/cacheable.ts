// Cacheable answers: strong entity tags made under the platform's key, If-None-Match (RFC 9110 §13.1.2) and the 304.
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Kept by the user's own caches only, and asked again before each use: a 304 when nothing changed. */
export const REVALIDATE = 'private, no-cache';

/** What a cacheable answer carries besides its body. */
export interface AnswerCache {
  /** Absent when there is none to give (a remote screen whose origin sent none). */
  etag?: string | undefined;
  cacheControl: string;
  /** The request headers the answer depends on, beside the `Origin` CORS may have named already. */
  vary: string;
}

export interface EntityTags {
  /**
   * A strong entity tag of `parts`, the asking user's id always among them: an HMAC under a key of the platform's own,
   * so a tag names exactly the answer it was made for, for one user, and nobody can make one that matches.
   */
  tag(...parts: ReadonlyArray<string | number | null>): string;
  /** The same HMAC, shorter and unquoted: a mark put before another server's tag (proxy/steps/origin-caching.ts). */
  mark(...parts: ReadonlyArray<string | number | null>): string;
}

export function createEntityTags(key: Buffer): EntityTags {
  // JSON keeps the parts apart whatever they hold: ["a,b"] and ["a","b"] are different texts.
  const mac = (parts: ReadonlyArray<string | number | null>) =>
    createHmac('sha256', key).update(JSON.stringify(parts)).digest('base64url');
  return {
    tag: (...parts) => `"${mac(parts).slice(0, 27)}"`,
    mark: (...parts) => mac(parts).slice(0, 16),
  };
}

/** An entity tag: optionally weak, then a quoted run of etagc (visible ASCII but `"`; obs-text is not taken). */
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e]*"$/;

/**
 * The entity tags an If-None-Match names, each in its strong form (`W/` dropped: If-None-Match compares weakly),
 * `'*'` for any, or undefined when there is none or the value is malformed (ignored then, as RFC 9110 allows).
 */
export function listedTags(header: string | string[] | undefined): string[] | '*' | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined) return undefined;
  if (value.trim() === '*') return '*';
  const tags: string[] = [];
  let at = 0;
  while (at < value.length) {
    // Whitespace and empty members (`"a", , "b"`) are allowed by the list syntax.
    if (value[at] === ' ' || value[at] === '\t' || value[at] === ',') {
      at++;
      continue;
    }
    const open = value.startsWith('W/', at) ? at + 2 : at;
    const close = value[open] === '"' ? value.indexOf('"', open + 1) : -1;
    if (close === -1 || !ENTITY_TAG.test(value.slice(open, close + 1))) return undefined;
    tags.push(value.slice(open, close + 1));
    at = close + 1;
    while (value[at] === ' ' || value[at] === '\t') at++;
    if (at < value.length && value[at] !== ',') return undefined;
  }
  return tags.length === 0 ? undefined : tags;
}

/** Whether a header value is one entity tag, weak or strong. */
export function isEntityTag(value: unknown): value is string {
  return typeof value === 'string' && ENTITY_TAG.test(value);
}

function strong(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** Whether If-None-Match holds for `etag`: false (answer 304) when it names the tag or is `*`. */
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  const listed = listedTags(header);
  if (listed === undefined) return true;
  return listed !== '*' && !listed.includes(strong(etag));
}

/** Vary with `names` added to what is there already (CORS sets `Vary: origin` before the answer is made). */
export function varyWith(existing: unknown, names: string): string {
  return existing ? `${String(existing)}, ${names}` : names;
}

/**
 * A GET answer of a Fastify route the user's own caches keep and revalidate: `ETag`, `Cache-Control` and `Vary` set
 * on the reply, and the body, or the 304 without one when If-None-Match names the tag.
 */
export function cacheableReply<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache & { etag: string },
  body: T,
): T | FastifyReply {
  reply
    .header('etag', cache.etag)
    .header('cache-control', cache.cacheControl)
    .header('vary', varyWith(reply.getHeader('vary'), cache.vary));
  return noneMatch(request.headers['if-none-match'], cache.etag) ? body : reply.code(304).send();
}
