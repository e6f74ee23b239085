// How the app was opened, passed to a remote origin: checked here, so nothing user-controlled reaches its headers unchecked.
import type { IncomingHttpHeaders } from 'node:http';
import { START_PARAM_PATTERN } from '@miniapps/contract';
import { AppError } from '../../errors.js';

const LAUNCH_SOURCES: ReadonlySet<string> = new Set(['catalog', 'link', 'push', 'other']);
/** A BCP 47-ish language tag: a 2–3 letter language and optional subtags. */
const LOCALE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * `X-Platform-Start-Param`, `-Launch-Source` and `-Locale` (name, value, …) from the client's
 * `X-Miniapps-Start-Param`, `X-Miniapps-Launch-Source` and the first tag of `Accept-Language`;
 * undefined when none applies (rare: a browser sends Accept-Language, so most requests get a locale).
 * A start parameter or launch source outside its pattern is 400 `bad_request`; a locale that is not a
 * plain tag is left out.
 */
export function launchHeaders(headers: IncomingHttpHeaders): string[] | undefined {
  const startParam = headers['x-miniapps-start-param'];
  const source = headers['x-miniapps-launch-source'];
  const language = headers['accept-language'];
  if (startParam === undefined && source === undefined && language === undefined) return undefined;
  // Built only when something applies: most requests carry Accept-Language alone.
  const out: string[] = [];
  if (startParam !== undefined) {
    if (typeof startParam !== 'string' || !START_PARAM_PATTERN.test(startParam)) {
      throw new AppError('bad_request', { key: 'proxy.bad_start_param' });
    }
    out.push('x-platform-start-param', startParam);
  }
  if (source !== undefined) {
    if (typeof source !== 'string' || !LAUNCH_SOURCES.has(source)) {
      throw new AppError('bad_request', { key: 'proxy.bad_launch_source' });
    }
    out.push('x-platform-launch-source', source);
  }
  const locale = language === undefined ? undefined : firstTag(language);
  if (locale !== undefined) out.push('x-platform-locale', locale);
  return out.length === 0 ? undefined : out;
}

/** The first language of an Accept-Language list when it is a plain tag (`*` and junk give none). */
function firstTag(value: string): string | undefined {
  let end = value.length;
  const comma = value.indexOf(',');
  if (comma !== -1) end = comma;
  const semicolon = value.indexOf(';');
  if (semicolon !== -1 && semicolon < end) end = semicolon;
  const tag = value.slice(0, end).trim();
  return LOCALE.test(tag) ? tag : undefined;
}
