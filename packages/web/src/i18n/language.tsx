// The client's language: the user's choice remembered in localStorage, else the browser's; messages in ICU.
import { IntlMessageFormat } from 'intl-messageformat';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import enCatalog from './en/catalog.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enConsole from './en/console.json' with { type: 'json' };
import enModeration from './en/moderation.json' with { type: 'json' };
import enStats from './en/stats.json' with { type: 'json' };
import enWebhooks from './en/webhooks.json' with { type: 'json' };
import ruCatalog from './ru/catalog.json' with { type: 'json' };
import ruCommon from './ru/common.json' with { type: 'json' };
import ruConsole from './ru/console.json' with { type: 'json' };
import ruModeration from './ru/moderation.json' with { type: 'json' };
import ruStats from './ru/stats.json' with { type: 'json' };
import ruWebhooks from './ru/webhooks.json' with { type: 'json' };

// One file per area of the client and per language, so a translator (or two people at once) edits one at a time.
const en = { ...enCommon, ...enCatalog, ...enConsole, ...enModeration, ...enWebhooks, ...enStats };
const ru = { ...ruCommon, ...ruCatalog, ...ruConsole, ...ruModeration, ...ruWebhooks, ...ruStats };

export const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];
export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number>;

export const catalogues: Record<Language, Record<MessageKey, string>> = { en, ru };
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

// Each message is compiled once per language, on first use.
const compiled = new Map<string, IntlMessageFormat>();
export function compiledMessage(language: Language, key: MessageKey): IntlMessageFormat {
  const id = `${language}\u0000${key}`;
  let message = compiled.get(id);
  if (!message) {
    message = new IntlMessageFormat(catalogues[language][key], language);
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
  const language = choice ?? browserLanguage();
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
