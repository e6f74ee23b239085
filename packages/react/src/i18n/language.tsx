// Which language the renderer speaks: the host's `lang`, else the page's `<html lang>`, else the browser's
// languages, English otherwise; given to everything below <MiniApp> or <MiniAppRuntime> through a context.
import { createContext, useContext } from 'react';
import { pickLanguage, type Translate, translator } from './messages.js';

/** The language for a host's `lang` (a BCP 47 tag, may be absent or unsupported), read from the page otherwise. */
export function rendererLanguage(lang?: string) {
  const page = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickLanguage([lang, page, ...browser]);
}

export const MessagesContext = createContext<Translate | null>(null);

/**
 * The texts to show: of `lang` when given, else those of the <MiniApp> or runtime above, else of the page's
 * language (the consent dialog and choices used on their own).
 */
export function useMessages(lang?: string): Translate {
  const above = useContext(MessagesContext);
  if (lang === undefined && above) return above;
  return translator(rendererLanguage(lang));
}
