// Links that open an app in a host: `<base>/<org>/<slug>?page=<path>&startapp=<param>`, the push deep link's form.
import { appPathProblem, START_PARAM_PATTERN } from '@miniapps/contract';
import { HostError } from './errors.js';

/** The platform's default `PUSH_DEEP_LINK_BASE`: a push tap opens this link. */
export const DEFAULT_LINK_BASE = 'miniapps://open';

export interface LaunchTarget {
  org: string;
  slug: string;
  /** The page to open over the start page, e.g. `/exams/42?tab=room`. */
  page?: string;
  /** An opaque value handed to the app (Telegram's `startapp`): 1–64 of `A-Z a-z 0-9 _ -` (the proxy refuses longer ones). */
  startParam?: string;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A page of an app: one leading slash, no `.`/`..` segments, no backslashes or control characters. */
export function isAppPage(value: string): boolean {
  // The app-path rule the renderer and the proxy URLs use: encoded dots, backslashes, controls… are refused.
  return value.length <= 512 && appPathProblem(value) === undefined;
}

/**
 * The link that opens `target` in a host whose links start with `base`.
 * @example launchLink({ org: 'acme', slug: 'timetable', page: '/exams' }) // 'miniapps://open/acme/timetable?page=%2Fexams'
 */
export function launchLink(target: LaunchTarget, base: string = DEFAULT_LINK_BASE): string {
  if (!SLUG.test(target.org) || !SLUG.test(target.slug)) {
    throw new HostError('bad_argument', `"${target.org}/${target.slug}" is not an app of the platform.`);
  }
  if (target.page !== undefined && !isAppPage(target.page)) {
    throw new HostError('bad_argument', `"${target.page}" is not a page of an app.`);
  }
  if (target.startParam !== undefined && !START_PARAM_PATTERN.test(target.startParam)) {
    throw new HostError('bad_argument', 'A start parameter is 1 to 64 letters, digits, "_" or "-".');
  }
  const query = new URLSearchParams();
  if (target.page !== undefined) query.set('page', target.page);
  if (target.startParam !== undefined) query.set('startapp', target.startParam);
  const search = query.toString();
  return `${base.replace(/\/+$/, '')}/${target.org}/${target.slug}${search ? `?${search}` : ''}`;
}

/**
 * The app a launch link opens, or null when it is not one: the last two path segments name the app, so any base
 * works (`miniapps://open/…`, `https://uni.example/apps/…`). A `page` that is not an app page is left out.
 */
export function parseLaunchLink(link: string, base?: string): LaunchTarget | null {
  if (base !== undefined && !link.startsWith(`${base.replace(/\/+$/, '')}/`)) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length < 2) return null;
  const [org, slug] = segments.slice(-2).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '';
    }
  }) as [string, string];
  if (!SLUG.test(org) || !SLUG.test(slug)) return null;
  const target: LaunchTarget = { org, slug };
  const page = url.searchParams.get('page');
  if (page !== null && isAppPage(page)) target.page = page;
  const startParam = url.searchParams.get('startapp');
  if (startParam !== null && START_PARAM_PATTERN.test(startParam)) target.startParam = startParam;
  return target;
}
