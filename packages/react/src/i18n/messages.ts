// The renderer's own texts (states, consent dialog, buttons, toasts, aria labels) in English and Russian: one
// catalogue file per language (en.json, ru.json) a translator edits; `{name}` placeholders, no counts shown.
import enCatalogue from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

/**
 * English is the reference: its keys type every lookup. Held in a local so the published declarations spell the
 * keys out instead of importing a JSON file, which a host's tsc without resolveJsonModule could not read.
 */
const en = enCatalogue;

export type MessageKey = keyof typeof en;
/** The languages the renderer speaks; anything else reads English. */
export type Language = 'en' | 'ru';
export const catalogues: Record<Language, Record<MessageKey, string>> = { en, ru };

/** A message in one language with its `{name}` placeholders filled. */
export type Translate = (key: MessageKey, values?: Record<string, string>) => string;

const translators = new Map<Language, Translate>();

/** One function per language, kept, so a context holding it does not change between renders. */
export function translator(language: Language): Translate {
  let t = translators.get(language);
  if (!t) {
    const catalogue = catalogues[language];
    t = (key, values) =>
      catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole);
    translators.set(language, t);
  }
  return t;
}

/** The first tag naming a language the renderer has (`ru-RU` is Russian); English when none does. */
export function pickLanguage(tags: readonly (string | null | undefined)[]): Language {
  for (const tag of tags) {
    const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'en' || primary === 'ru') return primary;
  }
  return 'en';
}
