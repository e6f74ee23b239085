// The CLI's own texts in English and Russian (one JSON catalogue per language, ICU messages), and how they are shown.
import { IntlMessageFormat } from 'intl-messageformat';
import enCatalogue from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

/**
 * English is the reference: its keys type every lookup. Held in a local so the published declarations spell the
 * keys out instead of importing a JSON file that only the bundle carries.
 */
const en = enCatalogue;

export const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];
export type MessageKey = keyof typeof en;
export type Values = Record<string, string | number>;

export const catalogues: Record<Language, Record<string, string>> = { en, ru };

/** A text for the reader: a catalogue key with its arguments, or words already in their language (the platform's). */
export type Text = string | { key: MessageKey; values?: Values | undefined };

/** The catalogue of one language, bound: `t('deploy.done', {...})`. */
export type Translate = (key: MessageKey, values?: Values) => string;

/** A catalogue text in a language (English when the key is missing there), its ICU arguments filled in. */
export function say(language: Language, key: MessageKey, values?: Values): string {
  const text = catalogues[language][key] ?? en[key] ?? key;
  // Tags stay literal: texts quote commands such as `tokens revoke <id>`.
  return String(new IntlMessageFormat(text, language, undefined, { ignoreTag: true }).format(values));
}

export function translator(language: Language): Translate {
  return (key, values) => say(language, key, values);
}

export const english: Translate = translator('en');

/** A catalogue text to be shown later, in the language of whoever prints it. */
export function text(key: MessageKey, values?: Values): Text {
  return { key, values };
}

export function render(t: Translate, shown: Text): string {
  return typeof shown === 'string' ? shown : t(shown.key, shown.values);
}

/** Numbers with the language's decimal sign and no grouping (sizes and seconds in progress lines). */
export function decimal(language: Language, value: number, digits: number): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
}
