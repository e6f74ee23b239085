// Names the catalogues give to the platform's scopes, categories, app statuses and audit actions, and lists of them through
// Intl.ListFormat ("A, B and C" / "A, B и C"); a value the catalogues do not know shows as sent.
import { useMemo } from 'react';
import { isMessageKey, type Language, useLanguage } from './language.js';

const listFormats = new Map<Language, Intl.ListFormat>();

/** Items joined the language's way, e.g. "Identity, E-mail and Profile". */
export function formatList(language: Language, items: readonly string[]): string {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    listFormats.set(language, format);
  }
  return format.format(items);
}

export interface Names {
  scope(scope: string): string;
  scopes(scopes: readonly string[]): string;
  category(category: string): string;
  status(status: string): string;
  auditAction(action: string): string;
}

/** The names in the page's language. */
export function useNames(): Names {
  const { language, t } = useLanguage();
  return useMemo(() => {
    const named = (prefix: string) => (value: string) => {
      const key = `${prefix}.${value}`;
      return isMessageKey(key) ? t(key) : value;
    };
    const scope = named('scope');
    return {
      scope,
      scopes: (scopes) => formatList(language, scopes.map(scope)),
      category: named('category'),
      status: named('status'),
      auditAction: named('audit.action'),
    };
  }, [language, t]);
}
