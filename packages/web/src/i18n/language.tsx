// The client's language: the user's choice remembered in localStorage, else the browser's; messages in ICU.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import en from './messages-en.js';
import { isPlainMessage } from './plain-message.js';

export const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];
export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number>;
/** A language's messages as translators write them (ICU). */
export type Catalogue = Record<MessageKey, string>;
/**
 * A message as the client holds it: the ICU text, or in a production build its AST, parsed at build time
 * (scripts/precompile-messages.ts) so the parser is not shipped; plain text stays a string.
 */
type Message = string | MessageFormatElement[];

export const messageKeys = Object.keys(en) as MessageKey[];
export const isMessageKey = (key: string): key is MessageKey => key in en;

// English is bundled (the fallback); another language is fetched once, before the page shows it.
const loaded = new Map<Language, Record<MessageKey, Message>>([['en', en]]);
const loading = new Map<Language, Promise<void>>();
const fetchers: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  ru: () => import('./messages-ru.js'),
};

/** Makes a language's catalogue available at once (both catalogues imported together, as checks and tests do). */
export function provideLanguage(language: Language, catalogue: Catalogue): void {
  loaded.set(language, catalogue);
}

export const isLoaded = (language: Language): boolean => loaded.has(language);

/** Fetches a language's catalogue once; resolves when its messages can be shown. */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || loaded.has(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = fetchers[language]().then(
      (module) => provideLanguage(language, module.default),
      (error: unknown) => {
        loading.delete(language); // a later choice tries again
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}
const STORAGE_KEY = 'miniapps.language';

const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

/** The browser's first language we speak (`ru-RU` is `ru`); English otherwise. */
export function browserLanguage(preferred: readonly string[] = navigator.languages): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function storedChoice(): Language | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined; // storage refused (privacy mode): the browser's language then
  }
}

/** The language the page starts in: the user's choice, else the browser's. */
export const initialLanguage = (): Language => storedChoice() ?? browserLanguage();

// Each message is compiled once per language, on first use; a language not yet fetched reads English.
const compiled = new Map<string, IntlMessageFormat>();
export function compiledMessage(language: Language, key: MessageKey): IntlMessageFormat {
  const id = `${language}\u0000${key}`;
  let message = compiled.get(id);
  if (!message) {
    const catalogue = loaded.get(language);
    if (!catalogue) return compiledMessage('en', key);
    const source = catalogue[key];
    // Plain text is handed over as a one-literal AST, so it never reaches the parser either.
    const ast: Message =
      typeof source === 'string' && isPlainMessage(source) ? [{ type: 0, value: source }] : source;
    message = new IntlMessageFormat(ast, language);
    compiled.set(id, message);
  }
  return message;
}

export function format(language: Language, key: MessageKey, values?: MessageValues): string {
  return String(compiledMessage(language, key).format(values));
}

interface LanguageState {
  language: Language;
  /** The user's choice; undefined follows the browser. */
  choice: Language | undefined;
  choose(language: Language | undefined): void;
  t(key: MessageKey, values?: MessageValues): string;
}

const LanguageContext = createContext<LanguageState | undefined>(undefined);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState(storedChoice);
  const wanted = choice ?? browserLanguage();
  // The language last shown stays while another one's catalogue is on its way, so a switch never flashes English
  // (main.tsx fetches the first one before the first draw).
  const [shown, setShown] = useState<Language>(() => (isLoaded(wanted) ? wanted : 'en'));
  const language = isLoaded(wanted) ? wanted : shown;
  useEffect(() => {
    let current = true;
    loadLanguage(wanted).then(
      () => current && setShown(wanted),
      () => undefined, // not fetched (offline): the page stays in the language it has
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const choose = useCallback((next: Language | undefined) => {
    try {
      if (next) localStorage.setItem(STORAGE_KEY, next);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // not remembered, still applied
    }
    setChoice(next);
  }, []);
  const t = useCallback(
    (key: MessageKey, values?: MessageValues) => format(language, key, values),
    [language],
  );
  const state = useMemo(() => ({ language, choice, choose, t }), [language, choice, choose, t]);
  return <LanguageContext.Provider value={state}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage outside LanguageProvider');
  return state;
}
