// The CLI's own texts in English and Russian (one JSON catalogue per language), picked by --lang or MINIAPPS_LANG.
import { IntlMessageFormat } from 'intl-messageformat';
import { usageError } from '../cli-error.js';
import en from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];
export type MessageKey = keyof typeof en;

export const catalogues: Record<Language, Record<string, string>> = { en, ru };

/** The language asked for: `--lang` wins over MINIAPPS_LANG; English when neither is set. */
export function cliLanguage(value: string | undefined): Language {
  if (value === undefined || value === '') return 'en';
  const language = value.toLowerCase();
  if ((languages as readonly string[]).includes(language)) return language as Language;
  throw usageError(`Unknown language "${value}".`, 'Use --lang en or --lang ru (or MINIAPPS_LANG).');
}

/** A catalogue text in a language (English when the key is missing there), its ICU arguments filled in. */
export function say(language: Language, key: MessageKey, values?: Record<string, string | number>): string {
  const text = catalogues[language][key] ?? en[key];
  // Tags stay literal: hints quote commands such as `tokens revoke <id>`.
  return String(new IntlMessageFormat(text, language, undefined, { ignoreTag: true }).format(values));
}
