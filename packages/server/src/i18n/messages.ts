// The platform's message catalogues (one JSON file per language) and the formatting of a message in a language.
import { IntlMessageFormat } from 'intl-messageformat';
import en from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

/** The languages the API answers in; English is the fallback. */
export const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];

/** The key of a message; English is the reference catalogue, a test keeps the others complete. */
export type MessageKey = keyof typeof en;
/** A value may be another message (a phrase inside a sentence), formatted in the same language. */
export type MessageValues = Record<string, string | number | Message>;

/** A message named by meaning, with its ICU parameters: formatted in each answer's language. */
export interface Message {
  key: MessageKey;
  values?: MessageValues;
}

export const catalogues: Record<Language, Record<string, string>> = { en, ru };

// Compiled once per language and key: parsing ICU is the costly part, formatting a fixed text is a lookup.
const compiled = new Map<string, IntlMessageFormat>();

function formatOf(language: Language, key: MessageKey): IntlMessageFormat {
  const id = `${language}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    // Tags stay literal text: messages quote `Bearer <JWT>`, and no answer carries markup.
    format = new IntlMessageFormat(catalogues[language][key] ?? en[key], language, undefined, {
      ignoreTag: true,
    });
    compiled.set(id, format);
  }
  return format;
}

// A message without values is the same text every time: formatted once per language.
const fixed = new Map<string, string>();

/** The message in a language; a value the text does not name is ignored. */
export function formatMessage(message: Message, language: Language): string {
  if (message.values) {
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(message.values))
      values[name] = typeof value === 'object' ? formatMessage(value, language) : value;
    return String(formatOf(language, message.key).format(values));
  }
  const id = `${language}\u0000${message.key}`;
  let text = fixed.get(id);
  if (text === undefined) {
    text = String(formatOf(language, message.key).format());
    fixed.set(id, text);
  }
  return text;
}
