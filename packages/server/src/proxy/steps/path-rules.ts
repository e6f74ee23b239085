// Step 4a: the path a client asks for; anything that could climb out of the origin is refused with 400 `bad_path`.
import { isDotSegment, MAX_PROXY_PATH } from '@miniapps/contract';
import { AppError } from '../../errors.js';
import type { Message } from '../../i18n/messages.js';

/** Rounds of percent-decoding looked through; anything still encoded after that is refused. */
const DECODE_ROUNDS = 4;

// RFC 3986 path characters (pchar and "/"), "%" only as the start of an escape.
const PATH_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;
const ESCAPE = /%[0-9A-Fa-f]{2}/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * Why a raw path (as sent, still percent-encoded, starting with `/`) is unsafe, or undefined.
 * Every decoding layer is checked, so `%2e%2e`, `%2E.`, `..%2f`, `%252e%252e` and deeper all fail;
 * with `strict`, any `..` at all is refused (docs/contract.md, the proxy: a path containing `..` is refused); always `.` and `..`
 * segments (fullwidth dots and `;params` too), queries reading as such paths,
 * backslashes (some servers read them as `/`), control characters, NUL and a leading `//`.
 */
export function pathProblem(rawPath: string, strict = true): Message | undefined {
  if (rawPath.length > MAX_PROXY_PATH) return { key: 'path.too_long', values: { max: MAX_PROXY_PATH } };
  if (!PATH_CHARS.test(rawPath)) return { key: 'path.unencoded' };
  // Escapes must spell UTF-8: overlong forms such as %c0%ae ('.') fool lenient decoders.
  if (!isUtf8Escaped(rawPath)) return { key: 'path.not_utf8' };
  let layer = rawPath;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (strict && layer.includes('..')) return { key: 'path.dot_dot' };
    if (CONTROL_OR_BACKSLASH.test(layer)) return { key: 'path.control' };
    if (layer.startsWith('//')) return { key: 'path.double_slash' };
    if (hasDotSegment(layer)) return { key: 'path.dot_segment' };
    // `..` segments, and dots other readers fold into ".": fullwidth (%EF%BC%8E), leader dots (NFKC), `..;x` (Tomcat).
    if (hasFoldedDotSegment(layer)) return { key: 'path.dot_segment' };
    if (!ESCAPE.test(layer)) return undefined;
    layer = decodeLayer(layer);
  }
  return { key: 'path.encoded_too_often' };
}

/**
 * Why a raw query is unsafe, or undefined: one that reads as a path climbing up (`?/../..`, encoded or not), which
 * an origin routing on its query would follow. `?next=..` and other values merely holding dots pass.
 */
export function queryProblem(rawQuery: string): Message | undefined {
  if (!rawQuery.includes('.') && !rawQuery.includes('%')) return undefined;
  let layer = rawQuery.replace(/\+/g, ' ');
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (layer.split(/[/\\]/).some(isDotSegment)) return { key: 'path.query_dot_segment' };
    if (!ESCAPE.test(layer)) return undefined;
    layer = utf8Layer(layer) ?? decodeLayer(layer);
  }
  return { key: 'path.encoded_too_often' };
}

/**
 * Throws 400 `bad_path` for an unsafe path or query; returns the path unchanged (still encoded) otherwise.
 * `strict` (paths sent on to an origin or matched against screens) refuses any `..`; the platform's own routes
 * (storage keys such as `a..b`) refuse only dot segments.
 */
export function checkPath(rawPath: string, rawQuery = '', strict = true): string {
  const problem = pathProblem(rawPath, strict) ?? queryProblem(rawQuery);
  if (problem)
    throw new AppError(
      'bad_path',
      { key: 'proxy.path_refused', values: { problem } },
      { path: rawPath.slice(0, 200) },
    );
  return rawPath;
}

/** One round of percent-decoding, byte by byte: never throws, and `%2f` becomes a real `/`. */
function decodeLayer(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Whether a segment is exactly `.` (`/./`, or `/.` at the end). */
function hasDotSegment(path: string): boolean {
  for (let dot = path.indexOf('.'); dot !== -1; dot = path.indexOf('.', dot + 1)) {
    if ((dot === 0 || path[dot - 1] === '/') && (dot === path.length - 1 || path[dot + 1] === '/'))
      return true;
  }
  return false;
}

/** One round of UTF-8 percent-decoding, or undefined when the escapes do not spell UTF-8. */
function utf8Layer(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function hasFoldedDotSegment(layer: string): boolean {
  // The common path has neither: nothing to fold, and the hot path skips the decoding and NFKC.
  if (!layer.includes('.') && !layer.includes('%')) return false;
  const text = utf8Layer(layer);
  return text?.split('/').some(isDotSegment) === true;
}

function isUtf8Escaped(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
