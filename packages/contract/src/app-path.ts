// The app-path rule: an address a screen names is read the way a browser's URL parser reads it, and must stay in the app.
//
// One implementation for the validator (@miniapps/schema), the renderers (@miniapps/react) and the host kit: a path
// that any of them let through reaches the platform as the browser rewrote it (`%2e%2e` becomes `..`, `\` becomes
// `/`, tabs and newlines vanish), so each must refuse the same set.

/** Why an app path was refused; each is a way out of the app's proxy prefix (or a disguise of one). */
export type AppPathProblem =
  /** Not a string starting with `/`: a typo rather than an attack. */
  | 'not_a_path'
  /** `//host`: read as another host. */
  | 'authority'
  /** Tab, newline or another control character (URL parsers drop some of them, which joins dots). */
  | 'control'
  /** `\` or `%5c`: browsers and some servers read it as `/`. */
  | 'backslash'
  /** `#`: a fragment never reaches the platform, and what follows it hides from checks that stop at `?`. */
  | 'fragment'
  /** `%` not starting an escape of UTF-8. */
  | 'bad_escape'
  /** `%25` before two hex digits: a second decoder (a proxy, a framework) would see the escape. */
  | 'encoded_twice'
  /** `%2f` inside a segment: a decoder downstream would split it there. */
  | 'encoded_slash'
  /** A segment of only dots once decoded (`..`, `%2e%2e`, `..;x`, fullwidth `．．`). */
  | 'dot_segment'
  /** A query that reads as a path climbing up (`?/../..`): origins routing on it would climb. */
  | 'query_dot_segment';

/** A checked app path: its segments decoded (the first is after the leading `/`) and its query as written. */
export interface AppPath {
  segments: string[];
  /** Without the `?`; empty when there is none. */
  query: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ESCAPE = /%[0-9A-Fa-f]{2}/;
const LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/**
 * Whether a decoded segment names the current or parent directory on some reader: only dots once NFKC folds the
 * fullwidth and small full stops, a `;parameter` is dropped (Tomcat's `..;/`) and trailing spaces are trimmed (IIS).
 */
export function isDotSegment(segment: string): boolean {
  const name = (segment.normalize('NFKC').split(';', 1)[0] ?? '').trim();
  return /^\.+$/.test(name);
}

/** The segment decoded, or why it cannot stay one segment of this app. */
function decodeSegment(raw: string): { segment: string } | { problem: AppPathProblem } {
  if (LONE_PERCENT.test(raw)) return { problem: 'bad_escape' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { problem: 'bad_escape' };
  }
  if (CONTROL.test(decoded)) return { problem: 'control' };
  if (decoded.includes('\\')) return { problem: 'backslash' };
  if (decoded.includes('/')) return { problem: 'encoded_slash' };
  if (ESCAPE.test(decoded)) return { problem: 'encoded_twice' };
  if (isDotSegment(decoded)) return { problem: 'dot_segment' };
  return { segment: decoded };
}

function queryProblem(query: string): AppPathProblem | undefined {
  if (LONE_PERCENT.test(query)) return 'bad_escape';
  let decoded: string;
  try {
    decoded = decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return 'bad_escape';
  }
  if (CONTROL.test(decoded)) return 'control';
  return decoded.split(/[/\\]/).some(isDotSegment) ? 'query_dot_segment' : undefined;
}

/**
 * Reads an app path (`/a/b?x=1`) as a browser would and checks it; the decoded segments and the query, or why not.
 *
 * @example
 * parseAppPath('/caf%C3%A9?x=1') // { segments: ['café'], query: 'x=1' }
 * parseAppPath('/%2e%2e/api')    // 'dot_segment'
 */
export function parseAppPath(value: unknown): AppPath | AppPathProblem {
  if (typeof value !== 'string' || !value.startsWith('/')) return 'not_a_path';
  // Checked on the whole text first: the URL parser drops tabs and newlines anywhere before it splits.
  if (CONTROL.test(value)) return 'control';
  if (value.includes('#')) return 'fragment';
  const mark = value.indexOf('?');
  const path = mark === -1 ? value : value.slice(0, mark);
  const query = mark === -1 ? '' : value.slice(mark + 1);
  if (path.includes('\\')) return 'backslash';
  if (path.startsWith('//')) return 'authority';
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    const decoded = decodeSegment(raw);
    if ('problem' in decoded) return decoded.problem;
    segments.push(decoded.segment);
  }
  const problem = queryProblem(query);
  return problem ?? { segments, query };
}

/** Why a value is not an app path that stays in the app, or undefined when it is one. */
export function appPathProblem(value: unknown): AppPathProblem | undefined {
  const parsed = parseAppPath(value);
  return typeof parsed === 'string' ? parsed : undefined;
}

/** One decoded segment as a URL path segment: everything outside RFC 3986 `pchar` escaped, `/` and `%` too. */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(24|26|2B|2C|3B|3D|3A|40)/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** The path (and query) rebuilt from checked parts: what is sent, whatever spelling the screen used. */
export function formatAppPath(path: AppPath): string {
  const text = `/${path.segments.map(encodeSegment).join('/')}`;
  return path.query ? `${text}?${path.query}` : text;
}
