// `GET …/miniapp-proxy/{org}/{slug}/strings`: a hosted app's strings in the user's language, for `${t.key}`.
import { pickLanguage } from '@miniapps/sdk';
import type { Executor } from '../../db/database.js';
import { fileNames, fileText } from '../../deploy/hosted-files-store.js';
import { AppError } from '../../errors.js';

/** Longer is no browser's Accept-Language; it is matched as if absent. */
const MAX_HEADER = 512;

/**
 * `{ok, locale, locales, strings}`: the locale of the version in use that best fits Accept-Language (q-values,
 * exact tag, then language), else the app's first (its default); an app without strings (or not hosted) has
 * `locale: null` and no strings, so a renderer draws `${t.key}` empty rather than failing.
 */
export async function hostedStrings(
  db: Executor,
  app: { id: string; version: number | null; sourceKind: string },
  rawPath: string,
  acceptLanguage: string | string[] | undefined,
): Promise<{ body: string; locale: string | null }> {
  // Other methods never get here: the entry answers them 405 (strings are GET only).
  if (rawPath !== '/') {
    throw new AppError('not_found', {
      key: 'errors.no_route',
      values: { method: 'GET', path: 'strings' + rawPath },
    });
  }
  const where =
    app.sourceKind === 'hosted' && app.version !== null ? { appId: app.id, version: app.version } : undefined;
  const locales = where ? await fileNames(db, { ...where, kind: 'strings' }) : [];
  if (!where || locales.length === 0) return answer(null, locales, '{}');
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  const locale = pickLanguage(
    header !== undefined && header.length <= MAX_HEADER ? header : undefined,
    locales,
    locales[0]!,
  );
  const text = (await fileText(db, { ...where, kind: 'strings', name: locale })) ?? '{}';
  return answer(locale, locales, text);
}

/** The answer's body with the stored strings' text put in as it is, not parsed and written again; and its locale. */
function answer(locale: string | null, locales: string[], stringsText: string) {
  const head = `{"ok":true,"locale":${JSON.stringify(locale)},"locales":${JSON.stringify(locales)}`;
  return { body: `${head},"strings":${stringsText}}`, locale };
}
