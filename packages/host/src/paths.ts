// App references and the proxy's addresses (the API's own come from @miniapps/contract's endpoint table).
import {
  type AppPathProblem,
  encodeSegment,
  formatAppPath,
  isDotSegment,
  parseAppPath,
} from '@miniapps/contract';
import { HostError } from './errors.js';
import type { AppRef } from './types.js';

/** `{org, slug}` of an app reference; `"org/slug"` is split at its one slash. */
export function appOf(ref: AppRef): { org: string; slug: string } {
  if (typeof ref !== 'string') return { org: ref.org, slug: ref.slug };
  const [org, slug, ...rest] = ref.split('/');
  // A name of dots would climb out of the proxy route it is put into.
  if (!org || !slug || rest.length > 0 || isDotSegment(org) || isDotSegment(slug)) {
    throw new HostError('bad_argument', `An app is named "org/slug", not "${ref}".`);
  }
  return { org, slug };
}

export type ProxyKind = 'screen' | 'api' | 'storage' | 'strings' | 'document' | 'responses';

const PROXY_ROOT = '/functions/v1/miniapp-proxy';

/** What a user (or a developer reading a report) is told about a refused path. */
const problemText: Record<AppPathProblem, string> = {
  not_a_path: 'it does not start with "/"',
  authority: 'it names another host ("//")',
  control: 'it holds a control character (tab, newline…)',
  backslash: 'it holds a backslash',
  fragment: 'it holds a "#"',
  bad_escape: 'it holds a "%" that is not an escape',
  encoded_twice: 'it is percent-encoded twice',
  encoded_slash: 'it hides a "/" as %2F',
  dot_segment: 'it has a "." or ".." segment, perhaps encoded',
  query_dot_segment: 'its query reads as a path with ".." segments',
};

/**
 * The HostError of an app path refused by the app-path rule: `bad_path` for one that would leave the app,
 * `bad_argument` for one that is not a path at all (a typo, not an attack).
 */
export function badPath(path: string, problem: AppPathProblem): HostError {
  const shown = path.length > 120 ? `${path.slice(0, 120)}…` : path;
  if (problem === 'not_a_path') {
    return new HostError('bad_argument', `An app path starts with "/", not ${JSON.stringify(shown)}.`);
  }
  return new HostError(
    'bad_path',
    `The address ${JSON.stringify(shown)} leaves the app: ${problemText[problem]}.`,
    {
      status: 0,
      details: { path: shown, problem },
    },
  );
}

/**
 * The proxy route of an app (`screen`, `api`, `storage`, `strings` or `document`) and an app path under it (`''` for the route
 * itself). Built from the path's checked segments, each re-encoded, never by joining the text the screen gave; a
 * refused path is a HostError `bad_path` and nothing is sent.
 */
export function proxyPath(ref: AppRef, kind: ProxyKind, path: string): string {
  const { org, slug } = appOf(ref);
  const prefix = `${PROXY_ROOT}/${encodeSegment(org)}/${encodeSegment(slug)}/${kind}`;
  let built = prefix;
  if (path !== '') {
    const parsed = parseAppPath(path);
    if (typeof parsed === 'string') throw badPath(path, parsed);
    built += formatAppPath(parsed);
  }
  // The last guard: what a URL parser makes of the result is still under the app's prefix, on the same host.
  const resolved = new URL(built, 'https://platform.invalid');
  if (
    resolved.host !== 'platform.invalid' ||
    (resolved.pathname !== prefix && !resolved.pathname.startsWith(`${prefix}/`))
  ) {
    throw badPath(path, 'dot_segment');
  }
  return built;
}
