// Step 4b: the query passed to the origin: over-long keys and values dropped, the rest kept in order.
import { MAX_QUERY_KEY, MAX_QUERY_VALUE } from '@miniapps/contract';

// Characters RFC 3986 allows in a query as they are; anything else is re-encoded before forwarding.
const SAFE_CHAR = "(?:[A-Za-z0-9\\-._~!$'()*+,;=:@/?]|%[0-9A-Fa-f]{2})";
const QUERY_SAFE = new RegExp(`^${SAFE_CHAR}*$`);
// A whole query of such pairs, none empty.
const SAFE_PAIRS = new RegExp(`^${SAFE_CHAR}+(?:&${SAFE_CHAR}+)*$`);

/**
 * Filters a raw query string (without `?`). Lengths are counted in decoded characters, as the app
 * will see them (`%20` and `+` are one character each). Kept pairs go on byte for byte, except
 * that characters which may not appear raw in a request line are percent-encoded.
 */
export function filterQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  // Most queries are short and plain: no part can be over a limit and nothing needs encoding, so the
  // rule below would give them back unchanged.
  if (rawQuery.length <= MAX_QUERY_KEY && SAFE_PAIRS.test(rawQuery)) return rawQuery;
  return filterPairs(rawQuery);
}

/** The rule itself, pair by pair (exported for the test that holds the shortcut above to it). */
export function filterPairs(rawQuery: string): string {
  const kept: string[] = [];
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    if (decodedLength(key) > MAX_QUERY_KEY || decodedLength(value) > MAX_QUERY_VALUE) continue;
    kept.push(QUERY_SAFE.test(pair) ? pair : encodeUnsafe(pair));
  }
  return kept.join('&');
}

/** `%00`, or the WTF-8 escape of a UTF-16 surrogate (U+D800 to U+DFFF: `%ED%A0` to `%ED%BF`). */
const BAD_ESCAPE = /%00|%ed%[ab][0-9a-f]/i;

/**
 * The key (as sent) of the first parameter whose key or value holds a NUL or a lone surrogate: no text holds
 * them (http/text-rules.ts), so the query is refused rather than passed on. Undefined when none does.
 */
export function badQueryParam(rawQuery: string): string | undefined {
  if (!BAD_ESCAPE.test(rawQuery) && !rawQuery.includes('\u0000')) return undefined;
  for (const pair of rawQuery.split('&')) {
    if (!BAD_ESCAPE.test(pair) && !pair.includes('\u0000')) continue;
    const equals = pair.indexOf('=');
    return equals === -1 ? pair : pair.slice(0, equals);
  }
  return undefined;
}

function decodedLength(part: string): number {
  if (!part.includes('%')) return part.length;
  try {
    return decodeURIComponent(part.replace(/\+/g, ' ')).length;
  } catch {
    // Not UTF-8 underneath: count each escape as the one character it stands for.
    return part.replace(/%[0-9A-Fa-f]{2}/g, '_').length;
  }
}

/** Percent-encodes what may not stand raw in a request line; `req.url` holds bytes, one per character. */
function encodeUnsafe(pair: string): string {
  return pair.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$'()*+,;=:@/?%&]/gu, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `%${code.toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(ch);
  });
}
