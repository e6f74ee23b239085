// Build step: the client's ICU catalogues (src/i18n/<lang>/<area>.json) become ASTs, so the production bundle ships
// intl-messageformat without its parser (aliased to the parser package's `no-parser` entry in vite.config.ts).
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { isPlainMessage } from '../src/i18n/plain-message.js';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]([a-z]{2})[\\/][a-z-]+\.json$/;

/**
 * A catalogue with every message the client would parse replaced by its AST (as intl-messageformat parses it, for
 * the catalogue's language); plain text stays a string, the client reads it as a literal. A message ICU refuses
 * fails the build, naming its file and key.
 */
export function precompileCatalogue(source: string, language: string, file: string): string {
  const messages = JSON.parse(source) as Record<string, string>;
  const locale = new Intl.Locale(language);
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      compiled[key] = isPlainMessage(message) ? message : parse(message, { locale });
    } catch (error) {
      throw new Error(`${file}: message ${key} is not valid ICU: ${(error as Error).message}`);
    }
  }
  return JSON.stringify(compiled);
}

/** Vite plugin for `vite build` only: Vitest and `vite` (dev) read the catalogues as written, with the parser. */
export function precompiledMessages(): Plugin {
  return {
    name: 'miniapps-precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const match = CATALOGUE.exec(id.split('?')[0]!);
      if (!match) return null;
      // Still JSON, so Vite's own JSON step turns it into a module as before.
      return { code: precompileCatalogue(code, match[1]!, id), map: null };
    },
  };
}
