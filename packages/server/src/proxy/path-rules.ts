// Step 4a: the path a client asks for; anything that could climb out of the origin is refused with 400 `bad_path`.
import { MAX_PROXY_PATH } from '@miniapps/contract';
import { AppError } from '../errors.js';
import type { Message } from '../i18n/messages.js';

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
 * any `..` at all is refused (CONTRACT.md: a path containing `..` is refused), as are `.` segments,
 * backslashes (some servers read them as `/`), control characters, NUL and a leading `//`.
 */
export function pathProblem(rawPath: string): Message | undefined {
  if (rawPath.length > MAX_PROXY_PATH) return { key: 'path.too_long', values: { max: MAX_PROXY_PATH } };
  if (!PATH_CHARS.test(rawPath)) return { key: 'path.unencoded' };
  // Escapes must spell UTF-8: overlong forms such as %c0%ae ('.') fool lenient decoders.
  if (!isUtf8Escaped(rawPath)) return { key: 'path.not_utf8' };
  let layer = rawPath;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (layer.includes('..')) return { key: 'path.dot_dot' };
    if (CONTROL_OR_BACKSLASH.test(layer)) return { key: 'path.control' };
    if (layer.startsWith('//')) return { key: 'path.double_slash' };
    if (hasDotSegment(layer)) return { key: 'path.dot_segment' };
    if (!ESCAPE.test(layer)) return undefined;
    layer = decodeLayer(layer);
  }
  return { key: 'path.encoded_too_often' };
}

/** Throws 400 `bad_path` for an unsafe path; returns it unchanged (still encoded) otherwise. */
export function checkPath(rawPath: string): string {
  const problem = pathProblem(rawPath);
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

function isUtf8Escaped(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
